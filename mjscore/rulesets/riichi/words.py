"""The flag words a riichi line reads (hana reads the same), among the mpsz family's."""

FLAGS = (
    "tsumo",
    "ron",
    "riichi",
    "double-riichi",
    "wriichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "tenhou",
    "chiihou",
)
