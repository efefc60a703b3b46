"""The Panda3D replay studio (viewer, overlays, teaching views, video renderer)."""
