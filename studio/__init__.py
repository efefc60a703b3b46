"""The Panda3D replay studio (viewer, overlays, teaching views, video renderer).

The drawing layer maps an ``engine.view.TableView`` (what the Timeline says is on the table)
to Panda3D nodes; no class reaches for ShowBase's globals:

- ``scene.Scene(root)``: table, ships and overlays under a root; ``update(view, overlays)``.
- ``table``: star-field mat, 4-inch grid, obstacles, planets.
- ``ships``: ``ShipNode`` (model on its peg over a base printed with arcs and player colour).
- ``overlays``: arcs, range bands, templates, attack line, trails (toggled by name).
- ``camera``: presets (top, table, follow), transitions, ``CameraRig``, ``OrbitController``.
- ``offscreen``: the process's offscreen ShowBase and ``CaptureBuffer`` (frames as numpy).
- ``snapshot``: ``render_view(view, size, camera, overlays) -> ndarray`` and ``save_png``.
- ``assets``, ``meshes``, ``palette``: model files and families, run-time geometry, colours.
"""
