"""The savedGame wrappings: !VCSK hex/XOR, VOBS raw XOR, XZ and plain, read and written."""

from __future__ import annotations

import lzma
import zipfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vassal.errors import FormatError
from vassal.obfuscation import deobfuscate, detect, obfuscate

from conftest import fixture, outside

# vassal-app/src/test/java/VASSAL/tools/io/DeobfuscatingInputStreamTest.java (key 0x58)
ENGINE_VECTOR = b"!VCSK581934347832393b333c392f2b7834372e3d783521783f2a3d392c782b283031362078373e78292d392a2c2276"
SPHINX = b"All jackdaws love my great sphinx of quartz."


def test_engine_test_vector_reads_back():
    assert deobfuscate(ENGINE_VECTOR) == SPHINX


def test_upper_case_hex_is_accepted_like_the_engine_does():
    assert deobfuscate(ENGINE_VECTOR[:5] + ENGINE_VECTOR[5:].upper()) == SPHINX


def test_writing_with_the_engine_key_gives_the_engine_bytes():
    assert obfuscate(SPHINX, 0x58) == ENGINE_VECTOR


def test_real_vassal_save_is_vcsk_and_reads_as_commands():
    data = zipfile.ZipFile(fixture("tiny_engine.vsav")).read("savedGame")
    assert detect(data) == "VCSK"
    assert deobfuscate(data).startswith(b"begin_save\x1b")


def test_old_plain_text_passes_through():
    data = zipfile.ZipFile(outside("tour.log")).read("savedGame")
    assert detect(data) == "plain"
    assert deobfuscate(data) is data


def test_vobs_is_one_raw_key_byte_then_xor():
    wrapped = obfuscate(SPHINX, 0x2A, form="VOBS")
    assert wrapped[:5] == b"VOBS\x2a"
    assert wrapped[5] == SPHINX[0] ^ 0x2A
    assert deobfuscate(wrapped) == SPHINX


def test_xz_stream_is_unpacked():
    assert deobfuscate(lzma.compress(SPHINX, format=lzma.FORMAT_XZ)) == SPHINX


@pytest.mark.parametrize(
    "data, problem, place",
    [
        (b"!VCSK58414", "odd number of hex digits", "byte 9"),
        (b"!VCSK5841zz", "non-hex character b'z'", "byte 9"),
        (b"!VCSK58 41", "non-hex character b' '", "byte 7"),
        (b"!VCSK5", "two-hex-digit key", "byte 5"),
        (b"!VCSKg141", "two-hex-digit key", "byte 5"),
        (b"VOBS\x00abc", "key byte is zero", "byte 4"),
        (b"VOBS", "without a key byte", "byte 4"),
    ],
)
def test_damaged_wrapping_names_source_and_byte(data, problem, place):
    with pytest.raises(FormatError) as err:
        deobfuscate(data, "game.vsav")
    assert problem in err.value.problem
    assert err.value.source == "game.vsav"
    assert err.value.place == place


def test_truncated_xz_is_refused():
    packed = lzma.compress(SPHINX * 100, format=lzma.FORMAT_XZ)
    with pytest.raises(FormatError, match="truncated XZ"):
        deobfuscate(packed[: len(packed) // 2])


def test_xz_bomb_is_refused_before_it_is_unpacked():
    packed = lzma.compress(b"\0" * 5_000_000, format=lzma.FORMAT_XZ)
    with pytest.raises(FormatError, match="more than 1000000 bytes"):
        deobfuscate(packed, max_bytes=1_000_000)


def test_key_outside_a_byte_is_refused_when_writing():
    with pytest.raises(ValueError):
        obfuscate(b"x", 0)
    with pytest.raises(ValueError):
        obfuscate(b"x", 256)


@given(st.binary(max_size=300), st.integers(1, 255), st.sampled_from(["VCSK", "VOBS", "XZ"]))
@settings(max_examples=150, deadline=None)
def test_every_form_round_trips(plain, key, form):
    wrapped = obfuscate(plain, key, form=form)
    assert detect(wrapped) == form
    assert deobfuscate(wrapped) == plain


@given(
    st.one_of(
        st.binary(max_size=200),
        st.binary(max_size=200).map(lambda b: b"!VCSK" + b),
        st.binary(max_size=200).map(lambda b: b"VOBS" + b),
        st.binary(max_size=200).map(lambda b: b"\xfd7zXZ\x00" + b),
    )
)
@settings(max_examples=400, deadline=None)
def test_arbitrary_bytes_decode_or_raise_format_error(data):
    try:
        out = deobfuscate(data)
    except FormatError:
        return
    assert isinstance(out, bytes)


def test_a_bad_character_deep_inside_long_hex_is_named_with_its_byte():
    body = obfuscate(SPHINX * 1000, 0x31)
    damaged = body[:40001] + b"\n" + body[40002:]
    with pytest.raises(FormatError) as err:
        deobfuscate(damaged, "game.vsav")
    assert "non-hex character b'\\n'" in err.value.problem
    assert err.value.place == "byte 40001"


def test_mixed_case_hex_reads_like_lower_case():
    body = obfuscate(SPHINX * 50, 0x58)
    mixed = body[:7] + bytes(c if i % 3 else bytes([c]).upper()[0] for i, c in enumerate(body[7:]))
    assert deobfuscate(mixed) == SPHINX * 50
