"""Actions serialize to plain JSON and back, and malformed JSON is refused clearly."""

from __future__ import annotations

import dataclasses
import json
import typing

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tresham.engine.actions import ACTION_TYPES, Action, ActionFormatError, action_from_json

TEXT = st.text(min_size=1, max_size=12)


def _strategy(hint: typing.Any) -> st.SearchStrategy[typing.Any]:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, __import__("types").UnionType):
        return st.one_of(*[_strategy(a) for a in typing.get_args(hint)])
    if hint is type(None):
        return st.none()
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(_strategy(args[0]), max_size=4).map(tuple)
        return st.tuples(*[_strategy(a) for a in args])
    return {str: TEXT, int: st.integers(-10**6, 10**6), bool: st.booleans()}[hint]


def _action_strategy(cls: type[Action]) -> st.SearchStrategy[Action]:
    hints = typing.get_type_hints(cls)
    fields = {f.name: _strategy(hints[f.name]) for f in dataclasses.fields(cls)}
    return st.fixed_dictionaries(fields).map(lambda kw: cls(**kw))


ANY_ACTION = st.one_of(*[_action_strategy(cls) for cls in ACTION_TYPES.values()])


@given(ANY_ACTION)
def test_every_action_round_trips_through_json_text(action: Action) -> None:
    text = json.dumps(action.to_json())
    assert action_from_json(json.loads(text)) == action


@pytest.mark.parametrize("data, message", [
    ({"type": "teleport", "entity": "A"}, "unknown action type 'teleport'"),
    ({"type": "bid", "entity": "A", "company": "MRC"}, "bid: missing field 'price'"),
    ({"type": "bid", "entity": "A", "company": "MRC", "price": "45"},
     "bid.price: expected a whole number"),
    ({"type": "bid", "entity": "A", "company": "MRC", "price": 45, "colour": "red"},
     "bid: unknown field 'colour'"),
    ([1, 2], "an action must be a JSON object"),
])
def test_malformed_actions_are_refused_with_a_reason(data: object, message: str) -> None:
    with pytest.raises(ActionFormatError, match=message):
        action_from_json(data)
