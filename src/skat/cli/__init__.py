"""The ``skat`` command: rendering and argument handling only, no rules."""
