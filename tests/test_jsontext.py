"""The fast JSON report writer: the standard library's indented text, character for character."""

from __future__ import annotations

import json
from collections import OrderedDict

from hypothesis import given, settings
from hypothesis import strategies as st

from staffwork.jsontext import dumps

_LEAVES = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(alphabet=st.characters(codec="utf-8"), max_size=12)
)
_VALUES = st.recursive(
    _LEAVES,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.lists(inner, max_size=5).map(tuple)
        | st.dictionaries(st.text(max_size=6), inner, max_size=5)
    ),
    max_leaves=40,
)


@given(_VALUES)
@settings(max_examples=1500, deadline=None)
def test_any_report_is_written_as_the_standard_library_writes_it(value):
    assert dumps(value) == json.dumps(value, indent=2, ensure_ascii=False)


def test_what_it_does_not_write_itself_still_comes_out_as_the_standard_library_writes_it():
    class Count(int):
        pass

    odd = {"n": Count(3), 2: "int key", None: [OrderedDict(a=1)], 'quote"\n\x00é': (True, 1.5e300)}
    assert dumps(odd) == json.dumps(odd, indent=2, ensure_ascii=False)
