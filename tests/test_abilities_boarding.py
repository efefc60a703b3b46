"""Boarding parties and Sabotage (Core set and waves 0-2): an "Action:" that discards upgrades of
another ship (``card_discarded``). Klag's pattern (Klag, Bochra, Follower of Khan, Parem, Korax):
the ship not cloaked disables every remaining shield of its own and discards the card, at a ship at
Range 1-2 not cloaked and with no active shields; Toman'Torax: Range 1, shields or cloak no bar;
Sabotage: a weapon or tech upgrade, no shields of its own spent. Each where its text's situation
holds and where it does not."""

from __future__ import annotations

import pytest
from ability_helpers import AKIRA, ATTACK_SHIP, VORCHA, one_attack, ship, used
from aw_helpers import ScriptedPlayer

from engine.errors import IllegalDecision
from engine.geometry.pose import Pose
from engine.rulesets.attack_wing import events as ev
from engine.rulesets.attack_wing.abilities.action_windows import action_options
from engine.rulesets.attack_wing.abilities.windows import action_name
from engine.rulesets.attack_wing.game import Game
from engine.rulesets.attack_wing.players import AbilityUse, ActionChoice

KLAG, BOCHRA, FOLLOWER, PAREM, KORAX, TOMAN, SABOTAGE = "3009", "3015", "3022", "3038", "3043", "3084", "3042"
WORF, KYLE, VAREL, TORPEDOES, PLATING = "3002", "3020", "3039", "3006", "3077"
SYNON = "3066"  # a crew card the engine does not play (Joachim, once here, now is: lane cardsF)


def _board(card: str, j_upgrades: tuple[str, ...] = (WORF, KYLE), band: int = 1, j_shields: int = 0,
           choice: str | None = None, behind: float | None = None) -> Game:
    """A (Vor'cha, 3 shields) resolves ``card``'s Action: at J (an Akira with ``j_shields``); nobody attacks."""
    pick = {card: [AbilityUse(choice=choice)]} if choice else {}
    seats = [ScriptedPlayer(actions={"A": [ActionChoice(action_name(card, 0), "J")]}, use_abilities=True,
                            abilities=pick),
             ScriptedPlayer(use_abilities=True)]
    return one_attack([ship("A", 0, VORCHA, upgrades=[card]),
                       ship("J", 1, AKIRA, upgrades=list(j_upgrades), shields=j_shields)],
                      [], band=band, players=seats, holds=("A", "J"),
                      poses={"A": Pose(400, 200, 0), "J": Pose(400, 200 + behind, 0)} if behind else None)


def _discarded(g: Game, ship_id: str = "J") -> list[tuple[str, str]]:
    return [(e.card, e.cause) for e in g.events if isinstance(e, ev.CardDiscarded) and e.ship == ship_id]


@pytest.mark.parametrize(("card", "name"), [(KLAG, "Klag"), (BOCHRA, "Bochra"), (FOLLOWER, "Follower of Khan"),
                                            (PAREM, "Parem")])
def test_a_boarding_party_discards_the_crew_card_the_seat_chooses(card: str, name: str) -> None:
    g = _board(card, choice=KYLE)
    [use] = used(g, card)
    assert (use.subject, use.choice, use.discard) == ("J", KYLE, True)
    assert _discarded(g) == [(KYLE, name)]
    a, j = g.state.ship("A"), g.state.ship("J")
    assert j.cards_discarded == (KYLE,) and j.card_ready(WORF)
    assert card in a.cards_discarded  # the party leaves the game with the card it took
    lowered = [e for e in g.events if isinstance(e, ev.ShieldsChanged) and e.ship == "A"]
    # every remaining shield of its own disabled (the End Phase turns them active again)
    shields = a.shields_max  # all of the Vor'cha's printed shields
    assert [(e.active, e.disabled, e.cause) for e in lowered] == [(0, shields, name), (shields, 0, "end phase")]


def test_a_boarding_party_is_not_offered_at_a_shielded_ship_a_far_one_or_from_a_cloaked_ship() -> None:
    with pytest.raises(IllegalDecision, match=KLAG):  # J's shields are up
        _board(KLAG, j_shields=3)
    with pytest.raises(IllegalDecision, match=KLAG):  # Range 3
        _board(KLAG, band=3)
    g = _board(KLAG)
    state = g.state.update("A", cloak="green", cards_discarded=()).update("J", cards_discarded=())
    assert not [o for o in action_options(state, state.ship("A")) if o.action == action_name(KLAG, 0)]
    state = g.state.update("A", cards_discarded=(), actions_done=()).update("J", cards_discarded=())
    assert [o.targets for o in action_options(state, state.ship("A")) if o.action == action_name(KLAG, 0)] == [("J",)]
    state = state.update("J", cloak="green")  # a cloaked target
    assert not [o for o in action_options(state, state.ship("A")) if o.action == action_name(KLAG, 0)]


def test_a_boarding_party_finds_no_crew_on_a_ship_without_one() -> None:
    with pytest.raises(IllegalDecision, match=KLAG):  # only a weapon aboard: nothing to discard
        _board(KLAG, j_upgrades=(TORPEDOES,))


def test_korax_discards_two_crew_cards_and_all_there_are_when_fewer() -> None:
    g = _board(KORAX, j_upgrades=(WORF, KYLE, VAREL), choice=f"{WORF}+{VAREL}")
    assert _discarded(g) == [(WORF, "Korax"), (VAREL, "Korax")] and g.state.ship("J").card_ready(KYLE)
    offer = next(o for o in g.players[0].offers if o.card == KORAX)  # type: ignore[attr-defined]
    assert sorted(o.action for o in offer.actions) == sorted([f"{WORF}+{KYLE}", f"{WORF}+{VAREL}", f"{KYLE}+{VAREL}"])
    g = _board(KORAX, j_upgrades=(WORF, TORPEDOES))
    assert _discarded(g) == [(WORF, "Korax")]  # the one crew card it has; the weapon stays


def test_the_policy_discards_the_crew_card_whose_ability_is_in_play() -> None:
    g = _board(KLAG, j_upgrades=(SYNON, VAREL))  # Synon's ability is not played by the engine, Varel's is
    [use] = used(g, KLAG)
    assert use.choice == VAREL and _discarded(g) == [(VAREL, "Klag")]


def test_toman_torax_reaches_through_shields_at_range_1_only() -> None:
    g = _board(TOMAN, j_shields=3, choice=WORF, behind=150)  # J flies ahead of A at Range 1
    assert _discarded(g) == [(WORF, "Toman'Torax")] and TOMAN in g.state.ship("A").cards_discarded
    assert not [e for e in g.events if isinstance(e, ev.ShieldsChanged) and e.ship == "A" and e.cause != "end phase"]
    with pytest.raises(IllegalDecision, match="3084"):
        _board(TOMAN, j_shields=3, behind=260)  # Range 2


def test_sabotage_discards_a_weapon_or_tech_upgrade_and_the_weapon_fires_no_more() -> None:
    g = _board(SABOTAGE, j_upgrades=(WORF, TORPEDOES, PLATING), choice=TORPEDOES)
    offer = next(o for o in g.players[0].offers if o.card == SABOTAGE)  # type: ignore[attr-defined]
    assert sorted(o.action for o in offer.actions) == sorted([TORPEDOES, PLATING])  # no crew
    assert _discarded(g) == [(TORPEDOES, "Sabotage")]
    j = g.state.ship("J")
    assert not [w for w in j.weapons if w.upgrade_id == TORPEDOES]
    assert not [e for e in g.events if isinstance(e, ev.ShieldsChanged) and e.ship == "A"]  # no shields spent
    with pytest.raises(IllegalDecision, match=SABOTAGE):  # shields up
        _board(SABOTAGE, j_upgrades=(TORPEDOES,), j_shields=3)


# --- Klingon Boarding Party; Kira Nerys and Stex ---------------------------------------------------

KBP, KIRA, STEX, GOWRON = "3048", "2030", "3075", "2019"


def _kbp(j_shields: int) -> Game:
    """J (skill 1) moves first and takes a battle stations token; A (Gowron, skill 8) sends the party."""
    seats = [ScriptedPlayer(actions={"A": [ActionChoice(action_name(KBP, 0), "J")]}, use_abilities=True),
             ScriptedPlayer(actions={"J": [ActionChoice("battle_stations")]}, use_abilities=True)]
    return one_attack([ship("A", 0, VORCHA, captain=GOWRON, upgrades=[KBP]),
                       ship("J", 1, AKIRA, upgrades=[WORF, TORPEDOES, PLATING], shields=j_shields)],
                      [], players=seats, holds=("A", "J"))


def test_klingon_boarding_party_disables_every_upgrade_and_takes_the_battle_stations_token() -> None:
    g = _kbp(0)
    disabled = [(e.card, e.cause) for e in g.events if isinstance(e, ev.CardDisabled) and e.ship == "J"]
    assert disabled == [(c, "Klingon Boarding Party") for c in (WORF, TORPEDOES, PLATING)]
    assert [e.weapon for e in g.events if isinstance(e, ev.WeaponDisabled) and e.ship == "J"] == [TORPEDOES]
    tokens = [(e.token, e.delta) for e in g.events if isinstance(e, ev.TokensChanged) and e.ship == "J"
              and e.cause == "Klingon Boarding Party"]
    assert tokens == [("battle_stations", -1)] and g.state.ship("J").battle_stations == 0
    assert KBP in g.state.ship("A").cards_discarded and not g.state.ship("J").card_ready(WORF)
    with pytest.raises(IllegalDecision, match=KBP):  # J's shields are up
        _kbp(3)


def _resisted(card: str, faces: list[str], captain: str | None = None, upgrades: tuple[str, ...] = (WORF,)
              ) -> Game:
    seats = [ScriptedPlayer(actions={"A": [ActionChoice(action_name(card, 0), "J")]}, use_abilities=True),
             ScriptedPlayer(use_abilities=True)]
    return one_attack([ship("A", 0, VORCHA, upgrades=[card]),
                       ship("J", 1, AKIRA, captain=captain, upgrades=list(upgrades), shields=0)],
                      faces, players=seats, holds=("A", "J"))


@pytest.mark.parametrize(("captain", "upgrades", "name"), [(KIRA, (WORF,), "Kira Nerys"),
                                                           (None, (WORF, STEX), "Stex")])
def test_kira_nerys_and_stex_roll_two_defense_dice_and_an_evade_ignores_the_boarding_party(
        captain: str | None, upgrades: tuple[str, ...], name: str) -> None:
    g = _resisted(KLAG, ["blank", "evade"], captain, upgrades)
    [roll] = [u for u in used(g) if u.window == "resist"]
    assert (roll.card_name, roll.faces, roll.subject) == (name, ("blank", "evade"), "A")
    assert _discarded(g) == [] and KLAG in g.state.ship("A").cards_discarded  # the party is spent all the same
    g = _resisted(KLAG, ["blank", "battle_stations"], captain, upgrades)
    assert [u.faces for u in used(g) if u.window == "resist"] == [("blank", "battle_stations")]
    assert len(_discarded(g)) == 1  # no evade: the party does its work


def test_stex_does_not_roll_against_a_card_that_is_not_crew() -> None:
    g = _resisted(SABOTAGE, [], None, (WORF, STEX, TORPEDOES))  # Sabotage is a talent
    assert not [u for u in used(g) if u.window == "resist"] and _discarded(g) == [(TORPEDOES, "Sabotage")]


# --- paying with a card of its own: Hikaru Sulu (2046), Alidar Jarok (3121) --------------------------

SULU, ALIDAR, STAB = "2046", "3121", "3018"


def _sulu(j_locks: bool, crew: tuple[str, ...] = (WORF, KYLE), choice: str | None = KYLE) -> Game:
    """J (skill 1) moves first and locks on A (or evades); A (Sulu, skill 6) resolves his Action: at J."""
    pick = {SULU: [AbilityUse(choice=choice)]} if choice else {}
    seats = [ScriptedPlayer(actions={"A": [ActionChoice(action_name(SULU, 0), "J")]}, use_abilities=True,
                            abilities=pick),
             ScriptedPlayer(actions={"J": [ActionChoice("target_lock", "A") if j_locks
                                           else ActionChoice("evasive_maneuvers")]}, use_abilities=True)]
    return one_attack([ship("A", 0, AKIRA, captain=SULU, upgrades=list(crew)), ship("J", 1, ATTACK_SHIP)],
                      [], band=2, players=seats, holds=("A", "J"))


def test_hikaru_sulu_disables_a_crew_card_of_his_own_to_take_away_the_lock_on_his_ship() -> None:
    g = _sulu(True)
    [use] = used(g, SULU)
    assert (use.subject, use.choice) == ("J", KYLE)
    assert [(e.ship, e.card, e.cause) for e in g.events if isinstance(e, ev.CardDisabled)] == [
        ("A", KYLE, "Hikaru Sulu")]
    assert [e.cause for e in g.events if isinstance(e, ev.TargetLockRemoved) and e.ship == "J"] == ["Hikaru Sulu"]
    assert g.state.ship("J").target_lock is None and g.state.ship("A").card_ready(WORF)


def test_hikaru_sulu_needs_a_lock_on_his_ship_and_a_crew_card_to_pay() -> None:
    with pytest.raises(IllegalDecision, match=SULU):  # J holds no lock
        _sulu(False)
    with pytest.raises(IllegalDecision, match=SULU):  # no crew card aboard
        _sulu(True, crew=(TORPEDOES,), choice=None)


def _alidar(talents: tuple[str, ...]) -> Game:
    seats = [ScriptedPlayer(actions={"A": [ActionChoice(action_name(ALIDAR, 0), "J")]}, use_abilities=True),
             ScriptedPlayer(use_abilities=True)]
    return one_attack([ship("A", 0, VORCHA, captain=ALIDAR, upgrades=list(talents)), ship("J", 1, AKIRA)],
                      ["hit"] * 20, band=2, players=seats, holds=())


def test_alidar_jarok_discards_his_talent_and_neither_ship_attacks_the_other() -> None:
    g = _alidar((STAB,))
    [use] = [u for u in used(g, ALIDAR) if u.window == "action"]
    assert (use.subject, use.choice, use.marks) == ("J", STAB, ("J",))
    assert [(e.ship, e.card, e.cause) for e in g.events if isinstance(e, ev.CardDiscarded)] == [
        ("A", STAB, "Alidar Jarok")]
    assert not [e for e in g.events if isinstance(e, ev.AttackDeclared)]  # the only two ships: no attack
    with pytest.raises(IllegalDecision, match=ALIDAR):  # no talent to discard
        _alidar(())


# --- Weyoun (2034): disabled to spare one crew card of his ship for the round ------------------------

WEYOUN = "2034"


def _weyoun(card: str, upgrades: tuple[str, ...], choice: str, weyoun: list[AbilityUse | None] | None = None
            ) -> Game:
    seats = [ScriptedPlayer(actions={"A": [ActionChoice(action_name(card, 0), "J")]}, use_abilities=True,
                            abilities={card: [AbilityUse(choice=choice)]}),
             ScriptedPlayer(use_abilities=True, abilities={WEYOUN: weyoun} if weyoun is not None else {})]
    return one_attack([ship("A", 0, VORCHA, upgrades=[card]),
                       ship("J", 1, AKIRA, captain=WEYOUN, upgrades=list(upgrades), shields=0)],
                      [], players=seats, holds=("A", "J"))


def test_weyoun_spares_the_crew_card_a_boarding_party_would_take_for_the_round() -> None:
    g = _weyoun(KLAG, (WORF, KYLE), KYLE)
    [use] = used(g, WEYOUN)
    assert (use.window, use.choice, use.disable, use.subject) == ("resist", KYLE, True, "A")
    assert _discarded(g) == [] and KLAG in g.state.ship("A").cards_discarded
    j = g.state.ship("J")
    assert j.protected == (KYLE,) and WEYOUN in j.cards_disabled
    from engine.rulesets.attack_wing.abilities.registry import CARDS
    from engine.rulesets.attack_wing.abilities.windows import upgrades_to_discard
    assert upgrades_to_discard(j, CARDS[KORAX].abilities[0].effect) == (WORF,)  # Kyle is out of reach this round


def test_weyoun_declined_or_against_a_weapon_spares_nothing() -> None:
    g = _weyoun(KLAG, (WORF, KYLE), KYLE, weyoun=[None])
    assert _discarded(g) == [(KYLE, "Klag")] and not used(g, WEYOUN)
    g = _weyoun(SABOTAGE, (WORF, TORPEDOES), TORPEDOES)  # not a crew card: nothing to spare
    assert _discarded(g) == [(TORPEDOES, "Sabotage")] and not used(g, WEYOUN)


# --- Cheat Death (3025): the ship just destroyed survives ------------------------------------------

CHEAT_DEATH = "3025"


def _destroyed(j_upgrades: list[str], cheat: list[AbilityUse | None] | None = None, band: int = 1,
               after: tuple[str, ...] = ()) -> Game:
    """A (Vor'cha, 5 dice at Range 1 +1) rolls six crits at J (Attack Ship, hull 3, shields 3, no evades)."""
    seats = [ScriptedPlayer(attacks={"A": ["J"]}, use_abilities=True),
             ScriptedPlayer(use_abilities=True, abilities={CHEAT_DEATH: cheat} if cheat is not None else {})]
    return one_attack([ship("A", 0, VORCHA), ship("J", 1, ATTACK_SHIP, upgrades=j_upgrades)],
                      ["crit"] * 6 + ["blank"] * 2 + list(after) + ["blank"] * 10, band=band, players=seats)


def test_cheat_death_keeps_the_ship_in_play_one_damage_short_with_every_card_face_down() -> None:
    g = _destroyed([CHEAT_DEATH])
    [use] = used(g, CHEAT_DEATH)
    assert (use.window, use.discard) == ("destroyed", True)
    j = g.state.ship("J")
    assert j.in_play and not j.destroyed and j.hull_damage == j.hull - 1
    assert not [c for c in j.damage if c.face_up] and CHEAT_DEATH in j.cards_discarded
    assert not [e for e in g.events if isinstance(e, ev.ShipDestroyed)]


def test_without_cheat_death_or_declining_it_the_ship_is_destroyed() -> None:
    for g in (_destroyed([]), _destroyed([CHEAT_DEATH], cheat=[None])):
        assert g.state.ship("J").destroyed and "J" in [e.ship for e in g.events if isinstance(e, ev.ShipDestroyed)]


STAB_AT_THEE = "3018"


def test_i_stab_at_thee_damages_the_ships_within_range_1_as_its_ship_is_destroyed() -> None:
    g = _destroyed([STAB_AT_THEE], after=("hit", "crit", "blank"))
    [use] = used(g, STAB_AT_THEE)
    assert (use.window, use.faces, use.amount) == ("destroyed", ("hit", "crit", "blank"), 3)
    hurt = [(e.ship, e.to) for e in g.events if isinstance(e, ev.DamageDealt) and e.cause == "I Stab at Thee"]
    assert hurt == [("A", "shield"), ("A", "shield")]  # no defense roll: both land on A's shields
    assert g.state.ship("J").destroyed


def test_i_stab_at_thee_reaches_no_ship_beyond_range_1() -> None:
    g = _destroyed([STAB_AT_THEE], band=2, after=("hit", "crit", "blank"))
    assert g.state.ship("J").destroyed and used(g, STAB_AT_THEE)
    assert not [e for e in g.events if isinstance(e, ev.DamageDealt) and e.cause == "I Stab at Thee"]


ULTRITIUM = "3124"


def _explosives(a_upgrades: list[str], j_shields: int = 0) -> Game:
    seats = [ScriptedPlayer(actions={"A": [ActionChoice(action_name(ULTRITIUM, 0), "J")]}, use_abilities=True),
             ScriptedPlayer(use_abilities=True)]
    return one_attack([ship("A", 0, VORCHA, upgrades=a_upgrades), ship("J", 1, AKIRA, shields=j_shields)],
                      [], players=seats, holds=("A", "J"))


def test_ultritium_explosives_spend_a_crew_card_for_a_critical_hit_on_an_unshielded_ship() -> None:
    g = _explosives([ULTRITIUM, KYLE])
    [use] = used(g, ULTRITIUM)
    assert (use.subject, use.choice, use.discard) == ("J", KYLE, True)
    a = g.state.ship("A")
    assert {ULTRITIUM, KYLE} <= set(a.cards_discarded)
    dealt = [(e.ship, e.to, e.face_up) for e in g.events if isinstance(e, ev.DamageDealt)
             and e.cause == "Ultritium Explosives"]
    assert dealt == [("J", "hull", True)] and g.state.ship("J").hull_damage == 1
    assert next((e.active, e.cause) for e in g.events if isinstance(e, ev.ShieldsChanged) and e.ship == "A") == (
        0, "Ultritium Explosives")


def test_ultritium_explosives_need_a_crew_card_and_a_target_without_shields() -> None:
    with pytest.raises(IllegalDecision, match=ULTRITIUM):
        _explosives([ULTRITIUM])  # no crew card to discard with it
    with pytest.raises(IllegalDecision, match=ULTRITIUM):
        _explosives([ULTRITIUM, KYLE], j_shields=3)
