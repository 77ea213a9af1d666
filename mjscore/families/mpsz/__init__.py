"""The mpsz family (123m456p789s1122z, flowers 1f-4f 1g-4g): riichi, hana and Baida are written in it."""
