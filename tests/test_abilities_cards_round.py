"""Cards whose "Action:" lasts the round (the crew, tech, talents and captains packages), each
from its text's situation and one where it does not hold. Dice as in test_abilities_more_cards:
the Akira (A) rolls 4 attack dice (+1 at Range 1) and 2 defense dice (+1 at Range 3); the Jem'Hadar
Attack Ship (J) 3 attack and 2 defense dice."""

from __future__ import annotations

import dataclasses

import pytest
from ability_helpers import AKIRA, ATTACK_SHIP, VORCHA, facing, one_attack, rolled, ship, used
from aw_helpers import ScriptedDice, ScriptedPlayer, game

from engine.errors import IllegalDecision
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities import action_windows
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.players import ActionChoice

BLANKS = ["blank"] * 20


def _play(a: list[str] = (), j: list[str] = (), act: dict[str, ActionChoice] | None = None,  # type: ignore[assignment]
          band: int = 1, holds: tuple[str, ...] = ("J",), captain: dict[str, str] | None = None,
          poses: dict[str, object] | None = None, j_hull: str = ATTACK_SHIP) -> Game:
    """One round: A (side 0) and J (side 1) with these upgrades, each performing its ``act``."""
    act, captain = act or {}, captain or {}
    seats = [ScriptedPlayer(actions={s: [c] for s, c in act.items() if s == "A"}, use_abilities=True),
             ScriptedPlayer(actions={s: [c] for s, c in act.items() if s == "J"}, use_abilities=True)]
    ships = [ship("A", 0, AKIRA, captain=captain.get("A"), upgrades=a),
             ship("J", 1, j_hull, captain=captain.get("J"), upgrades=j)]
    return one_attack(ships, BLANKS, band=band, players=seats, holds=holds, poses=poses)


def _card(card: str, target: str | None = None, index: int = 0) -> ActionChoice:
    return ActionChoice(f"ability:{card}:{index}", target)


def _dice(g: Game, kind: str, ship_id: str) -> int:
    return len(next(e for e in rolled(g, kind) if e.ship == ship_id).faces)


def _tokens(g: Game, ship_id: str, token: str, cause: str) -> int:
    return sum(e.delta for e in g.events if isinstance(e, ev.TokensChanged) and e.ship == ship_id
               and e.token == token and e.cause == cause)


# --- a marked enemy rolls fewer attack dice ----------------------------------------------------

def test_worf_takes_two_dice_from_a_ship_at_range_1_only() -> None:
    g = _play(j=["3069"], act={"J": _card("3069", "A")})
    assert _dice(g, "attack", "A") == 3 and "Worf -2" in rolled(g, "attack")[0].count_reason  # 5 - 2
    with pytest.raises(IllegalDecision):  # Range 2: no ship to target
        _play(j=["3069"], act={"J": _card("3069", "A")}, band=2)


def test_glinn_telle_needs_the_target_in_the_forward_arc() -> None:
    g = _play(j=["3053"], act={"J": _card("3053", "A")}, band=3)
    assert _dice(g, "attack", "A") == 2 and "3053" in g.state.ship("J").cards_discarded  # 4 - 2
    away = {"A": Pose(400, 300, 0), "J": Pose(400, 600, 0)}  # J turns its back on A
    with pytest.raises(IllegalDecision):
        _play(j=["3053"], act={"J": _card("3053", "A")}, poses=away)


def test_em_pulse_takes_an_attack_and_a_defense_die_at_range_1_2() -> None:
    for card in ("3056", "3094"):
        g = _play(j=[card], act={"J": _card(card, "A")}, band=2, holds=())
        assert _dice(g, "attack", "A") == 3 and _dice(g, "defense", "A") == 1, card  # 4 - 1, 2 - 1
        assert card in g.state.ship("J").cards_disabled
    with pytest.raises(IllegalDecision):
        _play(j=["3056"], act={"J": _card("3056", "A")}, band=3)


def test_william_ross_and_jhamel() -> None:
    g = _play(captain={"J": "william_ross_cap_72001p"}, act={"J": _card("william_ross_cap_72001p", "A")}, band=2)
    assert _dice(g, "attack", "A") == 3
    g = _play(captain={"J": "jhamel_72939"}, act={"J": _card("jhamel_72939", "A")}, band=3)
    assert _dice(g, "attack", "A") == 2  # against Jhamel's own ship
    with pytest.raises(IllegalDecision):  # Ross reaches Range 1-2 only
        _play(captain={"J": "william_ross_cap_72001p"}, act={"J": _card("william_ross_cap_72001p", "A")}, band=3)


def test_michael_eddington_has_three_uses_against_attacks_on_his_ship() -> None:
    eddington = "michael_eddington_gavroche"
    g = _play(captain={"J": eddington}, act={"J": _card(eddington, "A")}, band=3)
    use = used(g, eddington)[0]
    assert _dice(g, "attack", "A") == 2 and use.limit == "game" and use.uses == 3
    g = _play(captain={"J": eddington}, band=3)
    assert _dice(g, "attack", "A") == 4


def test_gorkon_takes_two_dice_from_his_ship_and_its_attackers() -> None:
    g = _play(captain={"A": "2031"}, act={"A": _card("2031")}, holds=())
    assert _dice(g, "attack", "A") == 3 and _dice(g, "attack", "J") == 2  # 5 - 2; J: 3 + 1 - 2
    g = _play(captain={"A": "2031"}, holds=())
    assert _dice(g, "attack", "A") == 5 and _dice(g, "attack", "J") == 4


# --- a marked ship defends with fewer dice, or none ---------------------------------------------

def test_feint_takes_two_defense_dice_against_its_own_ship_only() -> None:
    # J activates after both ships moved (the ranges below are after the moves)
    g = _play(j=["3107"], act={"J": _card("3107", "A")}, band=2, holds=("A",))
    assert _dice(g, "defense", "A") == 0 and "3107" in g.state.ship("J").cards_discarded
    assert _dice(_play(j=["3107"], band=2, holds=("A",)), "defense", "A") == 2
    with pytest.raises(IllegalDecision):  # Range 1: short of the card's Range 2-3
        _play(j=["3107"], act={"J": _card("3107", "A")}, holds=("A",))


def test_nanclus_gives_an_enemy_a_die_and_takes_its_defense() -> None:
    for card in ("nanclus_72321p", "nanclus_72936p"):
        g = _play(a=[card], act={"A": _card(card, "J")}, holds=())
        assert _dice(g, "defense", "J") == 0 and _dice(g, "attack", "J") == 5, card  # 3 + 1 + 1
        assert "no defense dice" in next(e for e in rolled(g, "defense") if e.ship == "J").count_reason
    assert _dice(_play(a=["nanclus_72321p"], holds=()), "defense", "J") == 2


def test_reman_bodyguards_help_only_his_primary_weapon_at_the_target() -> None:
    g = _play(j=["reman_bodyguards_72328"], act={"J": _card("reman_bodyguards_72328", "A")}, holds=())
    assert _dice(g, "attack", "J") == 5 and _dice(g, "defense", "A") == 1  # 3 + Range 1 + 1; 2 - 1
    assert _dice(g, "attack", "A") == 5 and _dice(g, "defense", "J") == 2  # A's attack on J: unchanged


def test_romulan_officer_adds_two_dice_only_while_cloaked_and_takes_the_defense() -> None:
    officer = "romulan_officer_71278"
    g = _play(a=[officer], act={"A": _card(officer)}, holds=())
    assert _dice(g, "attack", "A") == 5 and _dice(g, "defense", "A") == 0  # not cloaked: no +2
    seats = [ScriptedPlayer(actions={"V": [ActionChoice("cloak"), _card(officer)]}, attacks={"V": [None, "J"]},
                            use_abilities=True, keep_cloak=True),
             ScriptedPlayer(attacks={"J": [None, None]}, use_abilities=True)]
    g = game([ship("V", 0, VORCHA, upgrades=[officer]), ship("J", 1, ATTACK_SHIP)], facing(3, "V"), seats,
             ScriptedDice(BLANKS), round_limit=2)
    g.play()
    assert _dice(g, "attack", "V") == 7  # cloaked in round 2: 5 + 2 (Range 2)


def test_gardner_and_martok_pay_for_their_dice_with_defense() -> None:
    g = _play(captain={"A": "gardner_cap_71800"}, act={"A": _card("gardner_cap_71800")}, holds=())
    assert _dice(g, "attack", "A") == 6 and _dice(g, "defense", "A") == 1
    g = _play(captain={"A": "martok_cap_71804"}, act={"A": _card("martok_cap_71804")}, holds=())
    assert _dice(g, "attack", "A") == 6 and _dice(g, "defense", "A") == 0


def test_kiaphet_amman_sor_adds_an_attack_die_on_a_xindi_ship_only() -> None:
    card = "kiaphet_amman_sor_cap_72338"
    g = _play(captain={"A": card}, act={"A": _card(card)}, holds=())
    assert _dice(g, "attack", "A") == 5 and _dice(g, "defense", "A") == 3  # the Akira is not Xindi


# --- friendly ships marked ----------------------------------------------------------------------

def _pair(card: str, kind: str, second: str = AKIRA, captain: str | None = None, b_x: float = 420) -> Game:
    """A (with the card) and B side by side at Range 1 of each other, facing J; A acts, B attacks J."""
    seats = [ScriptedPlayer(actions={"A": [_card(card)]}, attacks={"A": [None], "B": ["J"]}, use_abilities=True),
             ScriptedPlayer(attacks={"J": [None]})]
    up = [card] if kind != "captain" else []
    ships = [ship("A", 0, AKIRA, captain=captain, upgrades=up), ship("B", 0, second), ship("J", 1, ATTACK_SHIP)]
    poses = {"A": Pose(300, 300, 0), "B": Pose(b_x, 300, 0), "J": Pose(b_x, 600, 180)}
    g = game(ships, poses, seats, ScriptedDice(BLANKS), round_limit=1)
    g.play()
    return g


def test_i_am_the_borg_and_hayes_add_a_die_to_the_other_friendly_ships() -> None:
    g = _pair("i_am_the_borg_72006", "talent")
    assert _dice(g, "attack", "B") == 6 and used(g, "i_am_the_borg_72006")[0].marks == ("B",)  # 4 + 1 + Range 1
    g = _pair("hayes_cap_72008", "captain", captain="hayes_cap_72008")
    assert _dice(g, "attack", "B") == 6
    g = _pair("hayes_cap_72008", "captain", captain="hayes_cap_72008", b_x=560)  # B at Range 2 of A
    assert not used(g, "hayes_cap_72008")[0].marks and _dice(g, "attack", "B") == 5


def test_galaxy_wing_squadron_marks_galaxy_class_ships_only() -> None:
    g = _pair("galaxy_wing_squadron_72336", "talent")
    assert not used(g, "galaxy_wing_squadron_72336")[0].marks and _dice(g, "attack", "B") == 5  # an Akira
    g = _pair("galaxy_wing_squadron_72336", "talent", second="1001")  # the Enterprise-D: Galaxy class
    assert used(g, "galaxy_wing_squadron_72336")[0].marks == ("B",)


def test_talak_talan_and_defense_condition_one_give_battle_stations_around() -> None:
    for card in ("talak_talan_72946", "3086"):
        g = _pair(card, "crew")
        assert _tokens(g, "A", "battle_stations", used(g, card)[0].card_name) == 1, card
        assert _tokens(g, "B", "battle_stations", used(g, card)[0].card_name) == 1, card


def test_subspace_transmitter_scans_for_a_friend_and_itself() -> None:
    card = "subspace_transmitter_72326"
    seats = [ScriptedPlayer(actions={"A": [_card(card, "B")]}, attacks={"A": [None], "B": [None]}),
             ScriptedPlayer(attacks={"J": [None]})]
    g = game([ship("A", 0, AKIRA, upgrades=[card]), ship("B", 0, AKIRA), ship("J", 1, ATTACK_SHIP)],
             {"A": Pose(300, 300, 0), "B": Pose(420, 300, 0), "J": Pose(420, 600, 180)}, seats,
             ScriptedDice(BLANKS), round_limit=1)
    g.play()
    assert _tokens(g, "A", "scan", "Subspace Transmitter") == 1 and _tokens(g, "B", "scan", "Subspace Transmitter") == 1
    with pytest.raises(IllegalDecision):  # an enemy is not a friendly ship
        _play(a=[card], act={"A": _card(card, "J")})


# --- tokens, and the free actions a card forbids -----------------------------------------------

@pytest.mark.parametrize(("card", "token", "n", "cost"), [
    ("3005", "evade", 2, ""), ("harry_kim_72014", "evade", 2, "disable"),
    ("t_greth_72322p", "battle_stations", 1, ""), ("romulan_technical_officer_72333", "scan", 1, "disable"),
    ("altert_status_one_72015", "battle_stations", 1, "discard")])
def test_token_cards_place_their_tokens(card: str, token: str, n: int, cost: str) -> None:
    g = _play(a=[card], act={"A": _card(card)})
    use = used(g, card)[0]
    assert _tokens(g, "A", token, use.card_name) == n
    assert (not cost) or getattr(use, cost)


def test_data_takes_two_attack_dice_and_harry_kim_the_defense() -> None:
    g = _play(a=["3005"], act={"A": _card("3005")}, holds=())
    assert _dice(g, "attack", "A") == 3 and _dice(g, "defense", "A") == 2
    g = _play(a=["harry_kim_72014"], act={"A": _card("harry_kim_72014")}, holds=())
    assert _dice(g, "attack", "A") == 5 and _dice(g, "defense", "A") == 0


def test_t_greth_places_auxiliary_power() -> None:
    g = _play(a=["t_greth_72322p"], act={"A": _card("t_greth_72322p")})
    assert _tokens(g, "A", "aux_power", "T'Greth") == 1


def test_a_forbidden_free_action_is_not_offered() -> None:
    """Picard's free action after Data's Action: no evasive maneuvers that round (Data's text)."""
    g = _play(a=["3005"], captain={"A": "2001"}, act={"A": _card("3005")})
    picard = [o for o in g.players[0].offers if o.card == "2001"]  # type: ignore[attr-defined]
    assert picard and "evasive_maneuvers" not in {a.action for a in picard[0].actions}
    g = _play(captain={"A": "2001"})
    picard = [o for o in g.players[0].offers if o.card == "2001"]  # type: ignore[attr-defined]
    assert "evasive_maneuvers" in {a.action for a in picard[0].actions}


def test_gardner_forbids_every_free_action() -> None:
    g = _play(captain={"A": "gardner_cap_71800"}, act={"A": _card("gardner_cap_71800")})
    assert not [o for o in g.players[0].offers if o.window == "free_action"]  # type: ignore[attr-defined]


def test_gul_dukat_takes_a_free_action_from_his_action_bar() -> None:
    g = _play(j_hull=ATTACK_SHIP, captain={"J": "2039"})
    [use] = used(g, "2039")
    assert use.choice in ("evasive_maneuvers", "battle_stations") and use.limit == "round"
    bar = g.state.ship("J").actions
    assert all(o.action in bar for o in g.players[1].offers[0].actions)  # type: ignore[attr-defined]


# --- costs ------------------------------------------------------------------------------------

def test_n_vek_disables_an_active_shield_for_a_die() -> None:
    g = _play(a=["3014"], act={"A": _card("3014")})
    assert _dice(g, "attack", "A") == 6
    shields = next(e for e in g.events if isinstance(e, ev.ShieldsChanged) and e.cause == "N'Vek")
    assert (shields.active, shields.disabled) == (2, 1)  # the end phase restores it
    state = g.state.with_ship(g.state.ship("A").__class__(**{**_fields(g.state.ship("A")), "shields": 0,
                                                                "cards_disabled": ()}))
    assert not [o for o in action_windows.action_options(state, state.ship("A")) if "3014" in o.action]


def _fields(s: object) -> dict[str, object]:
    return {f.name: getattr(s, f.name) for f in dataclasses.fields(s) if f.init}  # type: ignore[arg-type]


def test_selok_keeps_the_target_from_attacking_his_ship() -> None:
    g = _play(j=["3123"], act={"J": _card("3123", "A")}, holds=())
    assert [e.ship for e in g.events if isinstance(e, ev.AttackDeclared)] == ["J"]  # A may not attack J
    g = _play(j=["3123"], holds=())
    assert sorted(e.ship for e in g.events if isinstance(e, ev.AttackDeclared)) == ["A", "J"]


def test_em_pulse_3061_reaches_a_ship_outside_its_forward_arc() -> None:
    behind = {"A": Pose(400, 300, 0), "J": Pose(400, 420, 0)}  # A behind J: J's forward arc is away from A
    g = _play(j=["3061"], act={"J": _card("3061", "A")}, poses=behind, holds=("J",))
    assert _tokens(g, "A", "aux_power", "EM Pulse") == 1 and used(g, "3061")[0].marks == ("A",)
    with pytest.raises(IllegalDecision):  # facing each other: A is in J's forward arc
        _play(j=["3061"], act={"J": _card("3061", "A")}, band=2)
