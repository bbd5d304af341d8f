"""Zip reading refuses damaged and hostile archives; zip writing is deterministic and atomic."""

from __future__ import annotations

import hashlib
import io
import os
import zipfile

import pytest

from vassal.archive import Limits, open_archive, write_archive
from vassal.errors import FormatError

from conftest import fixture, outside


def _zip_bytes(entries: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as zf:
        for name, data in entries.items():
            zf.writestr(name, data)
    return buf.getvalue()


def test_reads_the_real_tour_module():
    with open_archive(outside("tour.mod")) as arc:
        assert "buildFile" in arc
        assert arc.read_text("buildFile").startswith("<?xml")
        assert not any(n.endswith("/") for n in arc.names())


def test_not_a_zip_is_one_clear_error(tmp_path):
    path = tmp_path / "notes.vsav"
    path.write_text("hello, this is not a zip")
    with pytest.raises(FormatError, match="not a zip archive") as err:
        open_archive(path)
    assert str(path) in str(err.value)


def test_empty_file_says_it_is_empty(tmp_path):
    path = tmp_path / "empty.vmod"
    path.write_bytes(b"")
    with pytest.raises(FormatError, match="empty file"):
        open_archive(path)


def test_truncated_zip_is_reported_as_damaged(tmp_path):
    data = fixture("tiny.vmod").read_bytes()
    path = tmp_path / "cut.vmod"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(FormatError, match="damaged or truncated"):
        open_archive(path)


def test_entry_names_that_climb_out_are_refused(tmp_path):
    path = tmp_path / "evil.vmod"
    path.write_bytes(_zip_bytes({"images/../../etc/passwd": b"x"}))
    with pytest.raises(FormatError, match=r"climbs out"):
        open_archive(path)


def test_absolute_entry_names_are_refused(tmp_path):
    path = tmp_path / "evil.vmod"
    path.write_bytes(_zip_bytes({"/etc/passwd": b"x"}))
    with pytest.raises(FormatError, match="absolute"):
        open_archive(path)


def test_zip_bomb_is_refused_before_it_fills_memory(tmp_path):
    path = tmp_path / "bomb.vsav"
    path.write_bytes(_zip_bytes({"savedGame": b"\0" * (8 << 20)}))
    with pytest.raises(FormatError, match="too large"):
        open_archive(path, Limits(max_entry_bytes=1 << 20))
    with (
        open_archive(path, Limits(max_ratio=50)) as arc,
        pytest.raises(FormatError, match="compression ratio"),
    ):
        arc.read("savedGame")


def test_entry_that_lies_about_its_size_is_refused(tmp_path):
    raw = bytearray(_zip_bytes({"savedGame": b"a" * 5000}, zipfile.ZIP_STORED))
    # Shrink the declared size in the central directory to 10 bytes.
    cd = raw.rfind(b"PK\x01\x02")
    raw[cd + 24 : cd + 28] = (10).to_bytes(4, "little")
    path = tmp_path / "liar.vsav"
    path.write_bytes(bytes(raw))
    with open_archive(path) as arc, pytest.raises(FormatError):
        arc.read("savedGame")


def test_missing_entry_names_file_and_entry(tmp_path):
    path = tmp_path / "a.vmod"
    path.write_bytes(_zip_bytes({"moduledata": b"<data/>"}))
    with open_archive(path) as arc, pytest.raises(FormatError) as err:
        arc.read("buildFile.xml")
    assert "buildFile.xml" in str(err.value) and str(path) in str(err.value)


def test_non_utf8_text_entry_is_reported(tmp_path):
    path = tmp_path / "a.vsav"
    path.write_bytes(_zip_bytes({"savedGame": b"begin_save\xff\xfe"}))
    with open_archive(path) as arc, pytest.raises(FormatError, match="not UTF-8"):
        arc.read_text("savedGame")


def test_written_archives_are_byte_identical_whatever_the_input_order(tmp_path):
    a, b = tmp_path / "a.zip", tmp_path / "b.zip"
    write_archive(a, {"images/x.png": b"\x89PNG", "buildFile.xml": b"<x/>", "moduledata": b"m"})
    write_archive(b, [("moduledata", b"m"), ("buildFile.xml", b"<x/>"), ("images/x.png", b"\x89PNG")])
    assert hashlib.sha256(a.read_bytes()).digest() == hashlib.sha256(b.read_bytes()).digest()
    with zipfile.ZipFile(a) as zf:
        assert zf.namelist() == ["buildFile.xml", "images/x.png", "moduledata"]
        assert {i.date_time for i in zf.infolist()} == {(1980, 1, 1, 0, 0, 0)}


def test_a_failed_write_leaves_the_previous_file_intact(tmp_path):
    target = tmp_path / "use.vmod"
    write_archive(target, {"a": b"old"})
    before = target.read_bytes()

    with pytest.raises(ValueError):
        write_archive(target, [("a", b"new"), ("a", b"again")])  # duplicate names refused
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["use.vmod"]


def test_writing_refuses_names_that_climb_out(tmp_path):
    with pytest.raises(FormatError):
        write_archive(tmp_path / "x.zip", {"../x": b""})
    assert not os.path.exists(tmp_path / "x.zip")


def test_a_write_refused_by_the_folder_names_the_file_asked_for_not_the_temporary_one(
    read_only_folder,
):
    from vassal.archive import atomic_write

    target = read_only_folder / "c.pdf"
    with pytest.raises(PermissionError) as err:
        atomic_write(target, b"%PDF")
    assert err.value.filename == str(target)
    assert ".tmp" not in str(err.value) and list(read_only_folder.iterdir()) == []


def test_check_writable_finds_a_read_only_folder_and_names_the_file(read_only_folder):
    from vassal.archive import check_writable

    target = read_only_folder / "sub" / "use.vmod"  # a folder still to make, inside it
    with pytest.raises(PermissionError) as err:
        check_writable(target)
    assert err.value.filename == str(target)
    assert str(read_only_folder) in (err.value.strerror or "")
    assert list(read_only_folder.iterdir()) == []


def test_check_writable_accepts_a_new_folder_and_leaves_nothing(tmp_path):
    from vassal.archive import check_writable

    check_writable(tmp_path / "dist" / "deeper" / "use.vmod")
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(IsADirectoryError):
        check_writable(tmp_path)
    (tmp_path / "plain").write_text("a file where a folder would be")
    with pytest.raises(NotADirectoryError) as err:
        check_writable(tmp_path / "plain" / "use.vmod")
    assert err.value.filename == str(tmp_path / "plain" / "use.vmod")


def test_an_entry_read_in_pieces_is_the_entry_read_whole(tmp_path):
    data = bytes(range(256)) * 5000  # 1.28 MB: many pieces
    path = tmp_path / "big.vsav"
    path.write_bytes(_zip_bytes({"savedGame": data}))
    with open_archive(path) as arc:
        pieces = list(arc.pieces("savedGame", 100_000, first=7))
        assert len(pieces[0]) == 7 and all(len(p) <= 100_000 for p in pieces)
        assert b"".join(pieces) == data == arc.read("savedGame")


def test_an_entry_read_in_pieces_meets_the_same_refusals_as_read_whole(tmp_path):
    path = tmp_path / "bomb.vsav"
    path.write_bytes(_zip_bytes({"savedGame": b"\0" * (8 << 20)}))
    with (
        open_archive(path, Limits(max_ratio=50)) as arc,
        pytest.raises(FormatError, match="compression ratio"),
    ):
        for _ in arc.pieces("savedGame", 1 << 18):
            pass
    raw = bytearray(_zip_bytes({"savedGame": b"a" * 5000}, zipfile.ZIP_STORED))
    cd = raw.rfind(b"PK\x01\x02")
    raw[cd + 24 : cd + 28] = (10).to_bytes(4, "little")  # declares 10 bytes, holds 5000
    path.write_bytes(bytes(raw))
    with open_archive(path) as arc, pytest.raises(FormatError) as whole:
        arc.read("savedGame")
    with open_archive(path) as arc, pytest.raises(FormatError) as pieces:
        list(arc.pieces("savedGame", 1000))
    assert str(pieces.value) == str(whole.value)


def _local_data_offset(raw: bytes, name: str) -> int:
    with zipfile.ZipFile(io.BytesIO(raw)) as zf:
        offset = zf.getinfo(name).header_offset
    name_len, extra_len = (
        int.from_bytes(raw[offset + 26 : offset + 28], "little"),
        int.from_bytes(raw[offset + 28 : offset + 30], "little"),
    )
    return offset + 30 + name_len + extra_len


@pytest.mark.parametrize("method", [zipfile.ZIP_DEFLATED, zipfile.ZIP_STORED])
@pytest.mark.parametrize("inflater", ["installed", "standard library"])
def test_pieces_read_straight_from_the_deflated_data_are_what_zipfile_reads(tmp_path, monkeypatch, method, inflater):
    import zlib

    import vassal.archive as archive

    if inflater == "standard library":
        monkeypatch.setattr(archive, "_INFLATER", zlib)
    data = os.urandom(300_000) + bytes(range(256)) * 4000  # some of it does not compress
    path = tmp_path / "big.vsav"
    path.write_bytes(_zip_bytes({"other": b"x" * 10, "savedGame": data, "after": b"y"}, method))
    with open_archive(path) as arc:
        opened = []
        zip_open = arc._zip.open

        def counted_open(info, *rest):
            opened.append(info)
            return zip_open(info, *rest)

        monkeypatch.setattr(arc._zip, "open", counted_open)
        pieces = arc.pieces("savedGame", 65_536, first=7)
        first = next(pieces)
        assert opened == []  # not through zipfile's reader
        assert arc.read("after") == b"y"  # another entry read halfway: its own file position
        rest = list(pieces)
    assert len(first) == 7 and all(len(p) == 65_536 for p in rest[:-1])
    assert first + b"".join(rest) == data


@pytest.mark.parametrize(
    "damage, problem",
    [
        (lambda raw, at: raw[:at] + bytes([raw[at] ^ 0x01]) + raw[at + 1 :], "Bad CRC-32"),  # a bit flipped
        (lambda raw, at: raw[:at] + b"\x07" + raw[at + 1 :], "invalid block type"),  # not deflate at all
    ],
)
def test_damaged_deflate_data_is_refused_in_one_line_read_whole_or_in_pieces(tmp_path, damage, problem):
    raw = _zip_bytes({"savedGame": bytes(range(256)) * 4000})
    at = _local_data_offset(raw, "savedGame")
    path = tmp_path / "damaged.vsav"
    path.write_bytes(damage(raw, at + (0 if "block" in problem else 2000)))
    for read in (lambda arc: arc.read("savedGame"), lambda arc: list(arc.pieces("savedGame", 100_000))):
        with open_archive(path) as arc, pytest.raises(FormatError) as err:
            read(arc)
        assert err.value.problem.startswith("damaged entry") and err.value.place == "savedGame"


def test_a_local_header_that_names_another_entry_is_refused_as_zipfile_refuses_it(tmp_path):
    raw = bytearray(_zip_bytes({"savedGame": b"a" * 5000}))
    local = raw.find(b"PK\x03\x04")
    raw[local + 30 : local + 39] = b"savedGamX"
    path = tmp_path / "renamed.vsav"
    path.write_bytes(bytes(raw))
    with open_archive(path) as arc, pytest.raises(FormatError) as whole:
        arc.read("savedGame")
    with open_archive(path) as arc, pytest.raises(FormatError) as pieces:
        list(arc.pieces("savedGame", 1000))
    assert str(pieces.value) == str(whole.value) and "differ" in str(whole.value)
