"""The ``__init__`` templates of the records' shapes the project has, so that their code
comes from the bytecode cache (records._template). Written by ``python -m records
PACKAGE...``; do not edit. A shape not here is compiled when first needed."""
# ruff: noqa: F821, E501 - the templates' names are given when a record's __init__ is made
# mypy: ignore-errors
# fmt: off


def _t0(self, _0, _1, _2, _3, _4, _5):
    _set(self, "\x000", _factory0() if _0 is _FACTORY else _0)
    _set(self, "\x001", _factory1() if _1 is _FACTORY else _1)
    _set(self, "\x002", _factory2() if _2 is _FACTORY else _2)
    _set(self, "\x003", _factory3() if _3 is _FACTORY else _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)


def _t1(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12):
    _set(self, "\x000", _factory0() if _0 is _FACTORY else _0)
    _set(self, "\x001", _factory1() if _1 is _FACTORY else _1)
    _set(self, "\x002", _factory2() if _2 is _FACTORY else _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _factory4() if _4 is _FACTORY else _4)
    _set(self, "\x005", _factory5() if _5 is _FACTORY else _5)
    _set(self, "\x006", _factory6() if _6 is _FACTORY else _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _9)
    _set(self, "\x0010", _10)
    _set(self, "\x0011", _11)
    _set(self, "\x0012", _factory12() if _12 is _FACTORY else _12)


def _t2(self, _0, _1):
    _set(self, "\x000", _0)
    _set(self, "\x001", _factory1() if _1 is _FACTORY else _1)


def _t3(self, _0, _1):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)


def _t4(self, _0, _1):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    self.__post_init__()


def _t5(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _factory2() if _2 is _FACTORY else _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _factory4() if _4 is _FACTORY else _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _factory9() if _9 is _FACTORY else _9)
    _set(self, "\x0010", _factory10() if _10 is _FACTORY else _10)
    _set(self, "\x0011", _factory11() if _11 is _FACTORY else _11)
    _set(self, "\x0012", _factory12() if _12 is _FACTORY else _12)


def _t6(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _factory2() if _2 is _FACTORY else _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _factory5() if _5 is _FACTORY else _5)
    _set(self, "\x006", _factory6() if _6 is _FACTORY else _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _factory8() if _8 is _FACTORY else _8)
    _set(self, "\x009", _factory9() if _9 is _FACTORY else _9)
    _set(self, "\x0010", _10)


def _t7(self, _0, _1, _2):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)


def _t8(self, _0, _1, _2, _3):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _factory3() if _3 is _FACTORY else _3)


def _t9(self, _0, _1, _2, _3):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)


def _t10(self, _0, _1, _2, _3, _4):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _factory4() if _4 is _FACTORY else _4)


def _t11(self, _0, _1, _2, _3, _4):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)


def _t12(self, _0, _1, _2, _3, _4):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    self.__post_init__()


def _t13(self, _0, _1, _2, _3, _4, _5):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)


def _t14(self, _0, _1, _2, _3, _4, _5):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    self.__post_init__()


def _t15(self, _0, _1, _2, _3, _4, _5, _6):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _factory6() if _6 is _FACTORY else _6)


def _t16(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _factory6() if _6 is _FACTORY else _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _9)
    _set(self, "\x0010", _10)
    _set(self, "\x0011", _11)


def _t17(self, _0, _1, _2, _3, _4, _5, _6):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)


def _t18(self, _0, _1, _2, _3, _4, _5, _6):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    self.__post_init__()


def _t19(self, _0, _1, _2, _3, _4, _5, _6, _7):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _factory7() if _7 is _FACTORY else _7)


def _t20(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _factory7() if _7 is _FACTORY else _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _9)
    _set(self, "\x0010", _10)
    _set(self, "\x0011", _11)
    _set(self, "\x0012", _factory12() if _12 is _FACTORY else _12)


def _t21(self, _0, _1, _2, _3, _4, _5, _6, _7):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)


def _t22(self, _0, _1, _2, _3, _4, _5, _6, _7, _8):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _factory8() if _8 is _FACTORY else _8)


def _t23(self, _0, _1, _2, _3, _4, _5, _6, _7, _8):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)


def _t24(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _factory9() if _9 is _FACTORY else _9)
    _set(self, "\x0010", _10)
    _set(self, "\x0011", _factory11() if _11 is _FACTORY else _11)
    _set(self, "\x0012", _factory12() if _12 is _FACTORY else _12)
    _set(self, "\x0013", _13)


def _t25(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _factory9() if _9 is _FACTORY else _9)
    _set(self, "\x0010", _10)
    _set(self, "\x0011", _factory11() if _11 is _FACTORY else _11)
    _set(self, "\x0012", _12)
    _set(self, "\x0013", _13)
    _set(self, "\x0014", _factory14() if _14 is _FACTORY else _14)
    _set(self, "\x0015", _15)
    _set(self, "\x0016", _factory16() if _16 is _FACTORY else _16)
    _set(self, "\x0017", _17)
    _set(self, "\x0018", _18)


def _t26(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _factory9() if _9 is _FACTORY else _9)
    _set(self, "\x0010", _10)
    _set(self, "\x0011", _11)
    _set(self, "\x0012", _12)


def _t27(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _9)


def _t28(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _9)
    self.__post_init__()


def _t29(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _9)
    _set(self, "\x0010", _factory10() if _10 is _FACTORY else _10)
    _set(self, "\x0011", _factory11() if _11 is _FACTORY else _11)
    _set(self, "\x0012", _factory12() if _12 is _FACTORY else _12)


def _t30(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _9)
    _set(self, "\x0010", _10)


def _t31(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _9)
    _set(self, "\x0010", _10)
    _set(self, "\x0011", _11)


def _t32(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18, _19):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _9)
    _set(self, "\x0010", _10)
    _set(self, "\x0011", _11)
    _set(self, "\x0012", _factory12() if _12 is _FACTORY else _12)
    _set(self, "\x0013", _13)
    _set(self, "\x0014", _14)
    _set(self, "\x0015", _factory15() if _15 is _FACTORY else _15)
    _set(self, "\x0016", _factory16() if _16 is _FACTORY else _16)
    _set(self, "\x0017", _factory17() if _17 is _FACTORY else _17)
    _set(self, "\x0018", _factory18() if _18 is _FACTORY else _18)
    _set(self, "\x0019", _19)


def _t33(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _9)
    _set(self, "\x0010", _10)
    _set(self, "\x0011", _11)
    _set(self, "\x0012", _12)


def _t34(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _9)
    _set(self, "\x0010", _10)
    _set(self, "\x0011", _11)
    _set(self, "\x0012", _12)
    _set(self, "\x0013", _13)


def _t35(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _9)
    _set(self, "\x0010", _10)
    _set(self, "\x0011", _11)
    _set(self, "\x0012", _12)
    _set(self, "\x0013", _13)
    _set(self, "\x0014", _14)


def _t36(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _9)
    _set(self, "\x0010", _10)
    _set(self, "\x0011", _11)
    _set(self, "\x0012", _12)
    _set(self, "\x0013", _13)
    _set(self, "\x0014", _14)
    _set(self, "\x0015", _factory15() if _15 is _FACTORY else _15)
    _set(self, "\x0016", _16)
    _set(self, "\x0017", _17)
    _set(self, "\x0018", _18)


def _t37(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _9)
    _set(self, "\x0010", _10)
    _set(self, "\x0011", _11)
    _set(self, "\x0012", _12)
    _set(self, "\x0013", _13)
    _set(self, "\x0014", _14)
    _set(self, "\x0015", _15)


def _t38(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _9)
    _set(self, "\x0010", _10)
    _set(self, "\x0011", _11)
    _set(self, "\x0012", _12)
    _set(self, "\x0013", _13)
    _set(self, "\x0014", _14)
    _set(self, "\x0015", _15)
    _set(self, "\x0016", _16)


def _t39(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18, _19):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _9)
    _set(self, "\x0010", _10)
    _set(self, "\x0011", _11)
    _set(self, "\x0012", _12)
    _set(self, "\x0013", _13)
    _set(self, "\x0014", _14)
    _set(self, "\x0015", _15)
    _set(self, "\x0016", _16)
    _set(self, "\x0017", _factory17() if _17 is _FACTORY else _17)
    _set(self, "\x0018", _factory18() if _18 is _FACTORY else _18)
    _set(self, "\x0019", _factory19() if _19 is _FACTORY else _19)


def _t40(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _9)
    _set(self, "\x0010", _10)
    _set(self, "\x0011", _11)
    _set(self, "\x0012", _12)
    _set(self, "\x0013", _13)
    _set(self, "\x0014", _14)
    _set(self, "\x0015", _15)
    _set(self, "\x0016", _16)
    _set(self, "\x0017", _17)


def _t41(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _9)
    _set(self, "\x0010", _10)
    _set(self, "\x0011", _11)
    _set(self, "\x0012", _12)
    _set(self, "\x0013", _13)
    _set(self, "\x0014", _14)
    _set(self, "\x0015", _15)
    _set(self, "\x0016", _16)
    _set(self, "\x0017", _17)
    _set(self, "\x0018", _18)


def _t42(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18, _19, _20, _21, _22, _23, _24, _25, _26, _27):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _9)
    _set(self, "\x0010", _10)
    _set(self, "\x0011", _11)
    _set(self, "\x0012", _12)
    _set(self, "\x0013", _13)
    _set(self, "\x0014", _14)
    _set(self, "\x0015", _15)
    _set(self, "\x0016", _16)
    _set(self, "\x0017", _17)
    _set(self, "\x0018", _18)
    _set(self, "\x0019", _19)
    _set(self, "\x0020", _20)
    _set(self, "\x0021", _21)
    _set(self, "\x0022", _factory22() if _22 is _FACTORY else _22)
    _set(self, "\x0023", _factory23() if _23 is _FACTORY else _23)
    _set(self, "\x0024", _24)
    _set(self, "\x0025", _25)
    _set(self, "\x0026", _26)
    _set(self, "\x0027", _factory27() if _27 is _FACTORY else _27)


def _t43(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18, _19, _20, _21, _22, _23, _24):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _9)
    _set(self, "\x0010", _10)
    _set(self, "\x0011", _11)
    _set(self, "\x0012", _12)
    _set(self, "\x0013", _13)
    _set(self, "\x0014", _14)
    _set(self, "\x0015", _15)
    _set(self, "\x0016", _16)
    _set(self, "\x0017", _17)
    _set(self, "\x0018", _18)
    _set(self, "\x0019", _19)
    _set(self, "\x0020", _20)
    _set(self, "\x0021", _21)
    _set(self, "\x0022", _22)
    _set(self, "\x0023", _23)
    _set(self, "\x0024", _24)
    self.__post_init__()


def _t44(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18, _19, _20, _21, _22, _23, _24, _25):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _9)
    _set(self, "\x0010", _10)
    _set(self, "\x0011", _11)
    _set(self, "\x0012", _12)
    _set(self, "\x0013", _13)
    _set(self, "\x0014", _14)
    _set(self, "\x0015", _15)
    _set(self, "\x0016", _16)
    _set(self, "\x0017", _17)
    _set(self, "\x0018", _18)
    _set(self, "\x0019", _19)
    _set(self, "\x0020", _20)
    _set(self, "\x0021", _21)
    _set(self, "\x0022", _22)
    _set(self, "\x0023", _23)
    _set(self, "\x0024", _24)
    _set(self, "\x0025", _25)


def _t45(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18, _19, _20, _21, _22, _23, _24, _25, _26, _27, _28, _29, _30, _31, _32):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _9)
    _set(self, "\x0010", _10)
    _set(self, "\x0011", _11)
    _set(self, "\x0012", _12)
    _set(self, "\x0013", _13)
    _set(self, "\x0014", _14)
    _set(self, "\x0015", _15)
    _set(self, "\x0016", _16)
    _set(self, "\x0017", _17)
    _set(self, "\x0018", _18)
    _set(self, "\x0019", _19)
    _set(self, "\x0020", _20)
    _set(self, "\x0021", _21)
    _set(self, "\x0022", _22)
    _set(self, "\x0023", _23)
    _set(self, "\x0024", _24)
    _set(self, "\x0025", _25)
    _set(self, "\x0026", _26)
    _set(self, "\x0027", _27)
    _set(self, "\x0028", _28)
    _set(self, "\x0029", _29)
    _set(self, "\x0030", _30)
    _set(self, "\x0031", _31)
    _set(self, "\x0032", _32)


def _t46(self, _0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18, _19, _20, _21, _22, _23, _24, _25, _26, _27, _28, _29, _30, _31, _32, _33, _34, _35, _36, _37, _38, _39, _40, _41, _42, _43, _44, _45, _46, _47, _48, _49, _50, _51, _52, _53, _54, _55, _56, _57, _58, _59, _60):
    _set(self, "\x000", _0)
    _set(self, "\x001", _1)
    _set(self, "\x002", _2)
    _set(self, "\x003", _3)
    _set(self, "\x004", _4)
    _set(self, "\x005", _5)
    _set(self, "\x006", _6)
    _set(self, "\x007", _7)
    _set(self, "\x008", _8)
    _set(self, "\x009", _9)
    _set(self, "\x0010", _10)
    _set(self, "\x0011", _11)
    _set(self, "\x0012", _12)
    _set(self, "\x0013", _13)
    _set(self, "\x0014", _14)
    _set(self, "\x0015", _15)
    _set(self, "\x0016", _16)
    _set(self, "\x0017", _17)
    _set(self, "\x0018", _18)
    _set(self, "\x0019", _19)
    _set(self, "\x0020", _20)
    _set(self, "\x0021", _21)
    _set(self, "\x0022", _22)
    _set(self, "\x0023", _23)
    _set(self, "\x0024", _24)
    _set(self, "\x0025", _25)
    _set(self, "\x0026", _26)
    _set(self, "\x0027", _27)
    _set(self, "\x0028", _28)
    _set(self, "\x0029", _29)
    _set(self, "\x0030", _30)
    _set(self, "\x0031", _31)
    _set(self, "\x0032", _32)
    _set(self, "\x0033", _33)
    _set(self, "\x0034", _34)
    _set(self, "\x0035", _35)
    _set(self, "\x0036", _36)
    _set(self, "\x0037", _37)
    _set(self, "\x0038", _38)
    _set(self, "\x0039", _39)
    _set(self, "\x0040", _40)
    _set(self, "\x0041", _41)
    _set(self, "\x0042", _42)
    _set(self, "\x0043", _43)
    _set(self, "\x0044", _44)
    _set(self, "\x0045", _45)
    _set(self, "\x0046", _46)
    _set(self, "\x0047", _47)
    _set(self, "\x0048", _48)
    _set(self, "\x0049", _49)
    _set(self, "\x0050", _50)
    _set(self, "\x0051", _51)
    _set(self, "\x0052", _52)
    _set(self, "\x0053", _53)
    _set(self, "\x0054", _54)
    _set(self, "\x0055", _55)
    _set(self, "\x0056", _56)
    _set(self, "\x0057", _57)
    _set(self, "\x0058", _58)
    _set(self, "\x0059", _59)
    _set(self, "\x0060", _60)


def _t47(self, _0):
    _set(self, "\x000", _0)


def _t48(self):
    pass


SHAPES = {
    (('f', 'f', 'f', 'f', 'p', 'p'), (0, 1, 2, 3, 4, 5), (), False): _t0.__code__,
    (('f', 'f', 'f', 'p', 'f', 'f', 'f', 'p', 'p', 'p', 'p', 'p', 'f'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), (), False): _t1.__code__,
    (('p', 'f'), (0, 1), (), False): _t2.__code__,
    (('p', 'p'), (0, 1), (), False): _t3.__code__,
    (('p', 'p'), (0, 1), (), True): _t4.__code__,
    (('p', 'p', 'f', 'p', 'f', 'p', 'p', 'p', 'p', 'f', 'f', 'f', 'f'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), (), False): _t5.__code__,
    (('p', 'p', 'f', 'p', 'p', 'f', 'f', 'p', 'f', 'f', 'p'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10), (), False): _t6.__code__,
    (('p', 'p', 'p'), (0, 1, 2), (), False): _t7.__code__,
    (('p', 'p', 'p', 'f'), (0, 1, 2, 3), (), False): _t8.__code__,
    (('p', 'p', 'p', 'p'), (0, 1, 2, 3), (), False): _t9.__code__,
    (('p', 'p', 'p', 'p', 'f'), (0, 1, 2, 3, 4), (), False): _t10.__code__,
    (('p', 'p', 'p', 'p', 'p'), (0, 1, 2, 3, 4), (), False): _t11.__code__,
    (('p', 'p', 'p', 'p', 'p'), (0, 1, 2, 3, 4), (), True): _t12.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p'), (0, 1, 2, 3, 4, 5), (), False): _t13.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p'), (0, 1, 2, 3, 4, 5), (), True): _t14.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'f'), (0, 1, 2, 3, 4, 5, 6), (), False): _t15.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'f', 'p', 'p', 'p', 'p', 'p'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), (), False): _t16.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p'), (0, 1, 2, 3, 4, 5, 6), (), False): _t17.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p'), (0, 1, 2, 3, 4, 5, 6), (), True): _t18.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'f'), (0, 1, 2, 3, 4, 5, 6, 7), (), False): _t19.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'f', 'p', 'p', 'p', 'p', 'f'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), (), False): _t20.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p'), (0, 1, 2, 3, 4, 5, 6, 7), (), False): _t21.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'f'), (0, 1, 2, 3, 4, 5, 6, 7, 8), (), False): _t22.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p'), (0, 1, 2, 3, 4, 5, 6, 7, 8), (), False): _t23.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'f', 'p', 'f', 'f', 'p'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13), (), False): _t24.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'f', 'p', 'f', 'p', 'p', 'f', 'p', 'f', 'p', 'p'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18), (), False): _t25.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'f', 'p', 'p', 'p'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), (), False): _t26.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9), (), False): _t27.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9), (), True): _t28.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'f', 'f', 'f'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), (), False): _t29.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10), (), False): _t30.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), (), False): _t31.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'f', 'p', 'p', 'f', 'f', 'f', 'f', 'p'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19), (), False): _t32.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), (), False): _t33.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13), (), False): _t34.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14), (), False): _t35.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'f', 'p', 'p', 'p'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18), (), False): _t36.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), (), False): _t37.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16), (), False): _t38.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'f', 'f', 'f'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19), (), False): _t39.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17), (), False): _t40.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18), (), False): _t41.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'f', 'f', 'p', 'p', 'p', 'f'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27), (), False): _t42.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24), (), True): _t43.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25), (), False): _t44.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32), (), False): _t45.__code__,
    (('p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p'), (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60), (), False): _t46.__code__,
    (('p',), (0,), (), False): _t47.__code__,
    ((), (), (), False): _t48.__code__,
}
