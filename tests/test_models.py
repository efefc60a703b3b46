"""The committed assets in models/ are what models/build_models.py writes, and they load."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from panda3d.core import Filename, Loader, LoaderOptions, NodePath

from studio.assets import (
    FAMILIES,
    MAT_TEXTURE,
    MODEL_LENGTH_MM,
    MODELS_DIR,
    PEG_HEIGHT_MM,
    base_model_path,
    ship_family,
    ship_model_path,
    size_class,
)
from studio.snapshot import load_png

CATALOG = Path(__file__).resolve().parent.parent / "engine" / "catalog" / "catalog.json"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_models", MODELS_DIR / "build_models.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("models")
    _script().build_all(out)
    return out


def test_committed_models_are_up_to_date(built: Path) -> None:
    eggs = sorted(p.name for p in built.glob("*.egg"))
    assert eggs == sorted(p.name for p in MODELS_DIR.glob("*.egg")), "run models/build_models.py"
    for name in eggs:
        assert (built / name).read_bytes() == (MODELS_DIR / name).read_bytes(), f"{name}: run models/build_models.py"
    fresh, committed = load_png(built / MAT_TEXTURE), load_png(MODELS_DIR / MAT_TEXTURE)
    assert fresh.shape == committed.shape
    assert np.abs(fresh.astype(int) - committed).max() <= 1  # (PNG bytes may differ between zlib builds)


def test_the_script_is_deterministic(built: Path, tmp_path: Path) -> None:
    script = _script()
    for stem, mesh in script.meshes().items():
        assert mesh.egg() == (built / f"{stem}.egg").read_text(), stem
    assert np.array_equal(load_png(built / MAT_TEXTURE), script.starfield())


def _load(path: Path) -> NodePath:
    node = Loader.getGlobalPtr().loadSync(Filename.fromOsSpecific(str(path)), LoaderOptions())
    assert node is not None, path
    return NodePath(node)


def _triangles(model: NodePath) -> int:
    count = 0
    for gn in model.findAllMatches("**/+GeomNode"):
        for geom in gn.node().getGeoms():
            count += sum(p.decompose().getNumPrimitives() for p in geom.getPrimitives())
    return count


@pytest.mark.parametrize("family", FAMILIES)
def test_ship_models_load_with_geometry_of_the_documented_size(family: str) -> None:
    model = _load(ship_model_path(family))
    assert 100 <= _triangles(model) <= 1500
    lo, hi = model.getTightBounds()
    size = hi - lo
    assert 0.6 * MODEL_LENGTH_MM <= max(size.x, size.y) <= 1.05 * MODEL_LENGTH_MM
    assert size.z < MODEL_LENGTH_MM * 0.75 or family in ("borg_cube", "borg_sphere", "station")


@pytest.mark.parametrize("base", ["small", "large"])
def test_bases_are_square_with_a_peg(base: str) -> None:
    lo, hi = _load(base_model_path(base)).getTightBounds()
    side = 40.0 if base == "small" else 80.0
    assert (hi.x - lo.x, hi.y - lo.y) == pytest.approx((side, side))
    assert hi.z == pytest.approx(PEG_HEIGHT_MM[base])


def test_every_catalog_class_has_a_family_and_size() -> None:
    catalog = json.loads(CATALOG.read_text())
    families = {ship_family(s["class_name"], s["faction"]) for s in catalog["ships"]}
    assert families <= set(FAMILIES)
    assert families == set(FAMILIES)  # every model is used by some ship
    assert ship_family("Galaxy Class", "Federation") == "federation"
    assert ship_family("B'Rel Class", "Borg") == "klingon"  # the class, not the faction, sets the shape
    assert ship_family("Romulan Bird of Prey Class", "Romulan") == "romulan"
    assert ship_family("Klingon Bird-of-Prey", "Klingon") == "klingon"
    assert ship_family("Cardassian Galor Class", "Dominion") == "cardassian"
    assert ship_family("Tholian Vessel", "Independent") == "generic"
    assert [size_class(h) for h in (1, 3, 4, 5, 10)] == ["small", "small", "medium", "large", "large"]
    assert size_class(10, "large") == "huge"
