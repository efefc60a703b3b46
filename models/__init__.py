"""The 3D models and the mat texture the studio loads, as package data (importlib.resources);
`python models/build_models.py` makes them."""
