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
    from engine.rulesets.attack_wing.params import base_half
    from studio.assets import BASE_HALF_MM

    assert BASE_HALF_MM[base] == base_half(base)  # the studio's bases are the rules' size
    lo, hi = _load(base_model_path(base)).getTightBounds()
    side = 40.0 if base == "small" else 80.0
    assert (hi.x - lo.x, hi.y - lo.y) == pytest.approx((side, side))
    assert hi.z == pytest.approx(PEG_HEIGHT_MM[base])


def test_every_catalog_class_has_a_family_and_size() -> None:
    catalog = json.loads(CATALOG.read_text())
    families = {ship_family(s["class_name"], s["faction"]) for s in catalog["ships"]}
    assert families <= set(FAMILIES)
    assert families == set(FAMILIES)  # every model is used by some ship
    assert ship_family("Galaxy Class", "Federation") == "galaxy"
    assert ship_family("Galaxy Class (MU)", "Mirror Universe") == "galaxy"
    assert ship_family("Defiant Class (Mirror)", "Mirror Universe") == "defiant"
    assert ship_family("Constitution Class (Refit)", "Federation") == "constitution"
    assert ship_family("Akira Class", "Federation") == "federation"
    assert ship_family("B'Rel Class", "Borg") == "klingon_bird"  # the class, not the faction, sets the shape
    assert ship_family("Romulan Bird of Prey Class", "Romulan") == "romulan"
    assert ship_family("Klingon Bird-of-Prey", "Klingon") == "klingon_bird"
    assert ship_family("Vor'cha Class", "Klingon") == "klingon"
    assert ship_family("Cardassian Galor Class", "Dominion") == "cardassian"
    assert ship_family("Tholian Vessel", "Independent") == "generic"
    assert [size_class(h) for h in (1, 3, 4, 5, 10)] == ["small", "small", "medium", "large", "large"]
    assert size_class(10, "large") == "huge"


# --- silhouettes ---------------------------------------------------------------------------------

GRID = 96
HALF = 20.0  # the silhouettes are rasterised over a 40 mm square (a small base)


def silhouette(mesh: object) -> np.ndarray:
    """The model seen from straight above as a GRID x GRID boolean mask (nose up)."""
    verts = np.array(mesh.verts)  # type: ignore[attr-defined]
    c = (np.arange(GRID) + 0.5) / GRID * 2 * HALF - HALF
    px, py = np.meshgrid(c, c[::-1])
    mask = np.zeros((GRID, GRID), dtype=bool)
    for idx, _ in mesh.polys:  # type: ignore[attr-defined]
        for k in range(1, len(idx) - 1):
            a, b, d = verts[idx[0], :2], verts[idx[k], :2], verts[idx[k + 1], :2]
            den = (b[1] - d[1]) * (a[0] - d[0]) + (d[0] - b[0]) * (a[1] - d[1])
            if abs(den) < 1e-9:
                continue
            w1 = ((b[1] - d[1]) * (px - d[0]) + (d[0] - b[0]) * (py - d[1])) / den
            w2 = ((d[1] - a[1]) * (px - d[0]) + (a[0] - d[0]) * (py - d[1])) / den
            mask |= (w1 >= 0) & (w2 >= 0) & (w1 + w2 <= 1)
    return mask


@pytest.fixture(scope="module")
def silhouettes() -> dict[str, np.ndarray]:
    meshes = _script().meshes()
    return {f: silhouette(meshes[f"ship_{f}"]) for f in FAMILIES if f not in ("station", "borg_cube")}


def _extent(mask: np.ndarray) -> tuple[float, float]:
    """(width, length) of a silhouette in mm."""
    rows, cols = np.nonzero(mask)
    scale = 2 * HALF / GRID
    return (cols.max() - cols.min() + 1) * scale, (rows.max() - rows.min() + 1) * scale


def test_every_family_has_its_own_silhouette(silhouettes: dict[str, np.ndarray]) -> None:
    names = sorted(silhouettes)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            inter = (silhouettes[a] & silhouettes[b]).sum()
            union = (silhouettes[a] | silhouettes[b]).sum()
            assert inter / union < 0.8, f"{a} and {b} look alike from above ({inter / union:.2f})"


def _saucer(mask: np.ndarray) -> tuple[float, float]:
    """(width, length) in mm of a Federation silhouette's primary hull: from the nose, the rows
    at least 60% as wide as the widest row of the front 40%, until the first narrower row."""
    widths = mask.sum(axis=1)
    rows = np.nonzero(widths)[0]
    top = rows.min()
    widest = widths[top:top + int(0.4 * (rows.max() - top))].max()
    wide = top + np.nonzero(widths[top:] >= 0.6 * widest)[0][0]
    end = wide
    while end + 1 < GRID and widths[end + 1] >= 0.6 * widest:
        end += 1
    scale = 2 * HALF / GRID
    return widest * scale, (end - wide + 1) * scale


def test_federation_classes_keep_their_proportions(silhouettes: dict[str, np.ndarray]) -> None:
    galaxy_w, galaxy_l = _saucer(silhouettes["galaxy"])
    sovereign_w, sovereign_l = _saucer(silhouettes["sovereign"])
    assert galaxy_w > 1.1 * galaxy_l  # the Galaxy's saucer is a wide oval
    assert sovereign_l > 1.3 * sovereign_w  # the Sovereign's is long and pointed
    assert _saucer(silhouettes["intrepid"])[1] > 1.2 * _saucer(silhouettes["intrepid"])[0]  # a teardrop
    lengths = {f: _extent(silhouettes[f])[1] for f in ("defiant", "excelsior", "constitution", "galaxy")}
    assert lengths["defiant"] < 0.9 * min(lengths["excelsior"], lengths["galaxy"])  # compact, no saucer
    assert lengths["excelsior"] > lengths["galaxy"] * 0.98  # long and slender
    # the Constitution's nacelles stand wider apart than the Excelsior's, close along its hull
    def nacelle_gap(mask: np.ndarray) -> int:
        row = mask[int(GRID * 0.9)]  # near the tail: the nacelles' rear ends
        cols = np.nonzero(row)[0]
        return int(cols.max() - cols.min()) if len(cols) else 0
    assert nacelle_gap(silhouettes["constitution"]) > nacelle_gap(silhouettes["excelsior"])
