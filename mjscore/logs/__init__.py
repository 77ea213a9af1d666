"""Game logs of online platforms, replayed into lines of our notation (issue 17).

``tenhou`` reads the tenhou.net/6 JSON form; ``mjlog`` turns Tenhou's XML form (mjlog)
into that same document; ``check`` scores what it rebuilds and compares it with the log's
own result.
"""
