"""The web page export from Python: ``Network.export("html")`` returns the
page, whose scene block carries the shader, the parameters as the layout
places them (with the network's current values) and the textures. The
Rust suite (tests/ropkit/web.rs) draws such pages in headless Chromium."""

import base64
import json
import re

import ropkit

from conftest import PRESETS, ROOT


def scene_of(page: str) -> dict:
    m = re.search(r'<script type="application/json" id="ropkit-scene">(.*?)</script>', page, re.S)
    assert m, "the page has its scene block"
    return json.loads(m.group(1))


def test_network_export_html_is_a_page_of_the_network(default_net):
    page = default_net.export("html")
    assert isinstance(page, str) and page.startswith("<!DOCTYPE html>")
    assert "window.ropkit" in page
    # Nothing is fetched: no external script, style or image (a link the
    # reader may click, "Made with ropkit", fetches nothing by itself).
    fetched = re.sub(r"<a\s[^>]*>", "", page)
    assert "<a " in page and 'href="https://' in page
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", fetched)
    assert "default-src 'none'" in page
    scene = scene_of(page)
    assert scene["shader"].startswith("#version 300 es")
    layout = default_net.build().layout
    placed = {(p["node"], p["param"]): p for p in layout["params"]}
    assert {(p["node"], p["param"]) for p in scene["params"]} == set(placed)
    for p in scene["params"]:
        q = placed[(p["node"], p["param"])]
        assert (p["slot"], p["offset"], p["components"]) == (q["slot"], q["offset"], q["components"])
        assert p["value"] == q["value"]
    assert scene["vec4s"] == layout["paramsBuffer"]["vec4s"]


def test_the_page_starts_from_the_networks_current_values(default_net):
    default_net.set("/scene/sphere1.Radius", 1.3)
    scene = scene_of(default_net.export("html"))
    radius = next(p for p in scene["params"] if p["node"] == "/scene/sphere1" and p["param"] == "Radius")
    assert radius["value"] == 1.3 and radius["default"] == 1.0
    # The build exports the page too.
    assert scene_of(default_net.build().export("html"))["params"] == scene["params"]


def test_textures_travel_inside_the_page(library):
    net = ropkit.Network.load(PRESETS / "materials.yaml", library)
    scene = scene_of(net.export("html"))
    textures = [t for t in scene["textures"] if t["path"]]
    assert textures, "materials.yaml samples a texture"
    for t in textures:
        head, data = t["src"].split(",", 1)
        assert head == "data:image/png;base64"
        assert base64.b64decode(data) == (ROOT / t["path"]).read_bytes()
