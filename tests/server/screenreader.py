"""What a screen reader gets from Chromium, for the browser tests: the accessibility tree (the
DevTools protocol's ``Accessibility.getFullAXTree``, the tree Chromium hands to NVDA, JAWS,
VoiceOver and Orca), the node that has the keyboard focus, and the lines added to the ARIA
live regions (what a screen reader reads out unasked).  A test drives the page through
:class:`ScreenReader` with keys only and decides from names and roles, never from CSS
selectors or data attributes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# the roles a player can act on: each must have a name
CONTROLS = frozenset(
    {"button", "link", "checkbox", "radio", "combobox", "textbox", "spinbutton", "menuitem",
     "option", "slider", "switch", "tab", "DisclosureTriangle"}
)  # fmt: skip

# in the page from its first line on: the text of every node added inside a live region
# (aria-live, or a role that implies it: log, status, alert), which is what a screen reader
# reads out of a polite log (aria-relevant "additions text")
_LISTEN = """(() => {
  const LIVE = '[aria-live]:not([aria-live=off]), [role=log], [role=status], [role=alert]';
  window.__heard = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      const host = n.nodeType === 1 ? n : n.parentElement;
      const text = (n.textContent || '').trim();
      if (text && host && host.closest(LIVE)) window.__heard.push(text);
    }
  }).observe(document, { childList: true, subtree: true });
})();"""


@dataclass(frozen=True)
class Node:
    """One node of the accessibility tree: its role, name, properties and children."""

    id: str
    role: str
    name: str
    props: dict[str, Any]
    children: tuple[str, ...]
    dom: int | None
    value: str = ""

    @property
    def disabled(self) -> bool:
        return bool(self.props.get("disabled"))

    @property
    def pressed(self) -> bool:
        return self.props.get("pressed") in (True, "true")


class Tree:
    """A snapshot of the page's accessibility tree (the nodes not ignored)."""

    def __init__(self, raw: list[dict[str, Any]]) -> None:
        self.nodes: dict[str, Node] = {}
        self.order: list[str] = []
        self.ignored: dict[str, tuple[str, ...]] = {}  # not read, but their children are
        for n in raw:
            if n.get("ignored"):
                self.ignored[n["nodeId"]] = tuple(n.get("childIds", ()))
                continue
            props = {p["name"]: p["value"].get("value") for p in n.get("properties", [])}
            node = Node(
                id=n["nodeId"],
                role=str(n.get("role", {}).get("value", "")),
                name=str(n.get("name", {}).get("value", "")).strip(),
                props=props,
                children=tuple(n.get("childIds", ())),
                dom=n.get("backendDOMNodeId"),
                value=str(n.get("value", {}).get("value", "")),
            )
            self.nodes[node.id] = node
            self.order.append(node.id)

    def all(self, role: str | None = None) -> list[Node]:
        return [self.nodes[i] for i in self.order if role is None or self.nodes[i].role == role]

    def find(self, role: str, name: str) -> Node | None:
        return next((n for n in self.all(role) if n.name == name), None)

    def within(self, node: Node) -> list[Node]:
        """The node's descendants in document order."""
        out: list[Node] = []
        stack = list(reversed(node.children))
        while stack:
            key = stack.pop()
            child = self.nodes.get(key)
            if child is None:
                stack.extend(reversed(self.ignored.get(key, ())))
                continue
            out.append(child)
            stack.extend(reversed(child.children))
        return out

    def text(self, node: Node) -> str:
        """What a screen reader reads inside ``node``: its static texts, joined."""
        return " ".join(n.name for n in self.within(node) if n.role == "StaticText" and n.name)

    def focused(self) -> Node | None:
        return next(
            (n for n in self.all() if n.props.get("focused") and n.role != "RootWebArea"), None
        )

    def controls(self) -> list[Node]:
        return [n for n in self.all() if n.role in CONTROLS]

    def live_regions(self) -> list[Node]:
        return [n for n in self.all() if n.props.get("live") in ("polite", "assertive")]


class ScreenReader:
    """The page as a screen-reader user meets it: the tree, the focus, keys, and the
    announcements of the live regions (each line once, in order)."""

    def __init__(self, page: Any) -> None:
        """Listen to ``page`` from the next page it loads on."""
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Accessibility.enable")
        self.heard: list[str] = []
        page.add_init_script(_LISTEN)

    def tree(self) -> Tree:
        return Tree(self.cdp.send("Accessibility.getFullAXTree")["nodes"])

    def hear(self) -> list[str]:
        """The lines announced since the last call."""
        new: list[str] = self.page.evaluate("(window.__heard || []).splice(0)")
        self.heard.extend(new)
        return new

    def press_on(self, role: str, name: str, key: str = "Enter", limit: int = 150) -> None:
        """Tab until the focus is on the control ``role`` named ``name``, then press ``key``."""
        for _ in range(limit):
            focused = self.tree().focused()
            if focused and focused.role == role and focused.name == name:
                self.page.keyboard.press(key)
                return
            self.page.keyboard.press("Tab")
        raise AssertionError(f"Tab never reached the {role} {name!r}")
