"""moduledata / savedata / extensiondata: tolerant reading, byte-exact writing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from vassal.archive import open_archive
from vassal.errors import FormatError
from vassal.metadata import (
    Kind as MetadataKind,
)
from vassal.metadata import (
    Metadata,
    is_pre_bug_11929,
    metadata_bytes,
    parse_metadata,
    version_numbers,
)

from conftest import fixture


@pytest.fixture()
def entry() -> Callable[[str, str], bytes]:
    def read(archive: str, name: str) -> bytes:
        with open_archive(fixture(archive)) as zf:
            return zf.read(name)

    return read


@pytest.mark.parametrize(
    "archive, name, kind",
    [
        ("tiny_engine.vsav", "savedata", "save"),
        ("tiny_engine.vsav", "moduledata", "module"),
    ],
)
def test_files_written_by_vassal_are_reproduced_byte_for_byte(
    entry: Callable[[str, str], bytes], archive: str, name: str, kind: MetadataKind
) -> None:
    data = entry(archive, name)
    assert metadata_bytes(parse_metadata(data, name), kind) == data


def test_module_fields_are_read_from_real_moduledata(entry: Callable[[str, str], bytes]) -> None:
    meta = parse_metadata(entry("tiny_engine.vsav", "moduledata"))
    assert meta.name == "TinyHex"
    assert meta.version == "0.1"
    assert meta.vassal_version == "3.7.26"
    assert meta.description == "tiny test"
    assert meta.date_saved == "1700000000000"  # the module's own stamp, which the engine copies
    assert parse_metadata(entry("tiny_engine.vsav", "savedata")).date_saved != "1700000000000"


def test_module_elements_come_in_vassal_order_with_two_space_indent() -> None:
    meta = Metadata(
        version="1.0",
        vassal_version="3.7.0",
        date_saved="1700000000000",
        description="Minimal",
        name="Example",
    )
    assert metadata_bytes(meta, "module") == (
        b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
        b'<data version="1">\n'
        b"  <version>1.0</version>\n"
        b"  <extra1/>\n"
        b"  <extra2/>\n"
        b"  <VassalVersion>3.7.0</VassalVersion>\n"
        b"  <dateSaved>1700000000000</dateSaved>\n"
        b"  <description>Minimal</description>\n"
        b"  <name>Example</name>\n"
        b"</data>\n"
    )


def test_save_without_comments_has_no_description_but_module_always_has_one() -> None:
    meta = Metadata(version="1", vassal_version="3.7.0", date_saved="5")
    assert b"<description" not in metadata_bytes(meta, "save")
    module = metadata_bytes(meta, "module")
    assert b"<description/>" in module and b"<name/>" in module


def test_extension_writes_universal_last() -> None:
    data = metadata_bytes(Metadata(version="2", universal=True, date_saved="1"), "extension")
    assert data.endswith(b"  <universal>true</universal>\n</data>\n")
    assert parse_metadata(data).universal is True


def test_missing_date_writes_zero_so_builds_repeat() -> None:
    a = metadata_bytes(Metadata(name="X"))
    assert a == metadata_bytes(Metadata(name="X"))
    assert b"<dateSaved>0</dateSaved>" in a


def test_reading_trims_text_and_ignores_unknown_elements_and_missing_ones() -> None:
    data = (
        b"<data version='1'>\n <name>\n   Game \n </name><checksum>abc</checksum>"
        b"<VassalVersion> 3.6.5 </VassalVersion></data>"
    )
    meta = parse_metadata(data)
    assert meta == Metadata(name="Game", vassal_version="3.6.5")


def test_translations_round_trip_sorted_by_language() -> None:
    meta = Metadata(
        version="1",
        vassal_version="3.7.0",
        date_saved="1",
        name="Game",
        description="Desc",
        description_translations=(("fr", "Jeu"), ("de", "Spiel")),
        name_translations=(("es", "Juego"),),
    )
    data = metadata_bytes(meta)
    assert b'<description lang="de">Spiel</description>\n  <description lang="fr">' in data
    back = parse_metadata(data)
    assert back.description_translations == (("de", "Spiel"), ("fr", "Jeu"))
    assert back.name_translations == (("es", "Juego"),)


def test_translations_written_before_3_6_11_are_unswapped() -> None:
    data = (
        b"<data version='1'><VassalVersion>3.6.10</VassalVersion><name>Game</name><name lang='Juego'>es</name></data>"
    )
    assert parse_metadata(data).name_translations == (("es", "Juego"),)
    assert is_pre_bug_11929("3.6.10-beta1")
    assert not is_pre_bug_11929("3.6.11")
    assert not is_pre_bug_11929("3.7.0")


def test_special_characters_are_escaped_and_come_back() -> None:
    meta = Metadata(name='Guns & <Butter> "é"', description="a\tb", date_saved="1")
    assert parse_metadata(metadata_bytes(meta)).name == meta.name


def test_control_characters_are_refused_when_writing() -> None:
    with pytest.raises(ValueError, match="U\\+001B"):
        metadata_bytes(Metadata(name="bad\x1bname"))


def test_malformed_xml_names_line_and_column() -> None:
    with pytest.raises(FormatError) as info:
        parse_metadata(b"<data>\n<name>x</nam>\n</data>", "moduledata")
    assert info.value.source == "moduledata"
    assert info.value.place is not None and info.value.place.startswith("line 2")


def test_entity_declarations_are_refused() -> None:
    data = b'<?xml version="1.0"?>\n<!DOCTYPE data [<!ENTITY a "aaaa">]>\n<data><name>&a;</name></data>'
    with pytest.raises(FormatError, match="DOCTYPE") as info:
        parse_metadata(data, "moduledata")
    assert info.value.place == "line 2"


def test_wrong_root_element_is_refused() -> None:
    with pytest.raises(FormatError, match="expected <data>"):
        parse_metadata(b"<module><name>x</name></module>")


@pytest.mark.parametrize(
    "text, numbers",
    [
        ("3.7.26", (3, 7, 26)),
        ("3.5", (3, 5, 0)),
        ("3.6.0-beta2", (3, 6, 0)),
        ("3", (3, 0, 0)),
        ("", (0, 0, 0)),
        ("2.0b6", (0, 0, 0)),
        ("3.6.x", (0, 0, 0)),
        ("03.6", (0, 0, 0)),
        ("3..6", (0, 0, 0)),
    ],
)
def test_versions_are_read_like_maven(text: str, numbers: tuple[int, int, int]) -> None:
    assert version_numbers(text) == numbers


def test_missing_vassal_version_differs_from_an_empty_one() -> None:
    assert parse_metadata(b"<data><name>x</name></data>").vassal_version is None
    assert parse_metadata(b"<data><VassalVersion/></data>").vassal_version == ""


@pytest.mark.parametrize(
    "data",
    [
        b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<data version="1">\n  <version>1.0</version>\n'
        b'  <name>Guns &amp; Butter</name>\n  <name lang="de">Kanonen</name>\n</data>\n',
        b"<data><!-- a note --><name>a<b>inner</b> tail<?pi x?></name><extra1><![CDATA[<raw>]]></extra1></data>",
        "<data version='2'><description lang='fr'>\u00e9t\u00e9 &#233;</description>text<name/></data>".encode(),
        '<?xml version="1.0" encoding="ISO-8859-1"?><data><name>caf\xe9</name></data>'.encode("latin-1"),
    ],
)
def test_the_save_reader_reads_metadata_as_lxml_does(data: bytes) -> None:
    from vassal.metadata import _read_xml, _read_xml_lxml

    assert _read_xml(data, None) == _read_xml_lxml(data, None)
