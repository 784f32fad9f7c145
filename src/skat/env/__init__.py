"""skat.env"""
