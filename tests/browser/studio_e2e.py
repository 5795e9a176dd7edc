"""Drives the studio page in Debian's chromium through chromedriver, as a
constructor would: a new grid, a symmetric block, typing, banning a
suggestion, picking another, locking it, filling one entry, autofill, clearing
what is not locked, undo, drafting clues and picking another of the clue
database's clues for an entry, exporting a .puz, drawing patterns, entries
sharing a root named under the grid and in the fill's report. Prints the
autofilled grid as JSON for the Rust test to check; exits non-zero (with the
reason) on any failure.

Usage: studio_e2e.py URL SCREENSHOT_DIR
"""
import json
import os
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

import chrome

url, shots = sys.argv[1], sys.argv[2]
driver, wait = chrome.start(downloads=shots)


def cell(r, c):
    return driver.find_element(By.CSS_SELECTOR, f'.cell[data-r="{r}"][data-c="{c}"]')


def click_cell(r, c):
    chrome.click(lambda: cell(r, c))


def letter(r, c):
    """The letter shown in a cell ('' when open, '#' for a block)."""
    return driver.execute_script(
        "const e = document.querySelector(`.cell[data-r='${arguments[0]}'][data-c='${arguments[1]}']`);"
        "if (e.classList.contains('block')) return '#';"
        "return Array.from(e.childNodes).filter(n => n.nodeType === 3).map(n => n.textContent).join('');",
        r, c)


def rows(n):
    return ["".join(letter(r, c) or "." for c in range(n)) for r in range(n)]


def expect(what, got, want):
    """Waits (up to the wait's limit) until `got()` returns `want`."""
    try:
        wait.until(lambda d: got() == want)
    except Exception:
        sys.exit(f"{what}: got {got()!r}, want {want!r}")


try:
    driver.get(url)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".cell"))

    # A new 5×5 grid.
    size = driver.find_element(By.ID, "size")
    size.clear()
    size.send_keys("5")
    driver.find_element(By.ID, "new").click()
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".cell")) == 25)
    expect("new grid", lambda: rows(5), ["....."] * 5)

    # A block in the corner (where a new grid puts the cursor) brings its
    # rotational partner.
    grid = driver.find_element(By.ID, "grid")
    grid.send_keys(".")
    expect("symmetric blocks", lambda: rows(5), ["#....", ".....", ".....", ".....", "....#"])

    # Typing fills the entry and moves along it.
    click_cell(1, 0)
    grid.send_keys("st")
    expect("typed", lambda: rows(5)[1], "ST...")
    expect("cursor", lambda: driver.execute_script("return document.querySelector('.cursor').dataset.c"), "2")

    # The suggestions for 5A (row 2) come with viability. Ban the first
    # viable one: it leaves the suggestions for the banned list.
    def first_viable():
        return driver.find_element(By.CSS_SELECTOR, "#candidates li.viable").get_attribute("data-word")

    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#candidates li.viable"))
    banned = first_viable()
    button = driver.find_element(By.CSS_SELECTOR, f'#candidates li[data-word="{banned}"] .ban')
    driver.execute_script("arguments[0].click()", button)  # shown on hover only
    expect("banned list", lambda: driver.find_element(By.ID, "banned").text.split("\n")[0], banned)
    expect("banned word suggested", lambda: bool(driver.find_elements(
        By.CSS_SELECTOR, "#candidates li.viable")) and first_viable() != banned, True)
    struck = len(driver.find_elements(By.CSS_SELECTOR, "#candidates li.dead"))
    first = driver.find_element(By.CSS_SELECTOR, "#candidates li.viable")
    word = first.get_attribute("data-word")
    if not word.startswith("ST") or len(word) != 5:
        sys.exit(f"suggestion {word!r} does not fit ST...")
    driver.save_screenshot(os.path.join(shots, "studio-suggestions.png"))
    chrome.click(lambda: driver.find_element(By.CSS_SELECTOR, f'#candidates li[data-word="{word}"]'))
    expect("picked word", lambda: rows(5)[1], word)
    driver.find_element(By.ID, "lock").click()

    # Fill one entry: only its open cells change.
    click_cell(3, 0)
    driver.find_element(By.ID, "fill-entry").click()
    wait.until(lambda d: "." not in rows(5)[3])
    after = rows(5)
    expect("rows outside the entry", lambda: [after[0], after[1], after[2], after[4]],
           ["#....", word, ".....", "....#"])

    # Autofill the rest, then undo it.
    driver.find_element(By.ID, "fill-all").click()
    wait.until(lambda d: "." not in "".join(rows(5)))
    filled = rows(5)
    expect("autofill kept the entries", lambda: [filled[1], filled[3]], [word, after[3]])
    report = driver.find_element(By.ID, "fill-report").text
    if not report.startswith("filled: mean score"):
        sys.exit(f"report after autofill: {report!r}")
    expect("quality report", lambda: driver.find_element(By.ID, "quality").text.startswith("quality: 10 entries"), True)
    driver.save_screenshot(os.path.join(shots, "studio-filled.png"))

    # Clear keeps the locked entry only; undo brings the fill back, and
    # undo again the grid before autofill.
    driver.find_element(By.ID, "clear").click()
    expect("clear unlocked", lambda: rows(5), ["#....", word, ".....", ".....", "....#"])
    expect("quality report after clearing", lambda: driver.find_element(By.ID, "quality").text, "")
    driver.find_element(By.ID, "undo").click()
    expect("undo clear", lambda: rows(5), filled)
    driver.find_element(By.ID, "undo").click()
    expect("undo autofill", lambda: rows(5), after)

    # Redo brings the fill back; export it as .puz, which the browser
    # downloads as the API wrote it.
    driver.find_element(By.ID, "redo").click()
    expect("redo autofill", lambda: rows(5), filled)
    # Draft the clues: every entry of this fill is in the clue database.
    driver.find_element(By.ID, "draft").click()

    def clue_texts():
        return {i.get_attribute("data-slot"): i.get_attribute("value")
                for i in driver.find_elements(By.CSS_SELECTOR, "#clue-panel input[data-slot]")}

    expect("drafted clues", lambda: len(clue_texts()) == 10 and all(clue_texts().values()), True)
    driver.save_screenshot(os.path.join(shots, "studio-clues.png"))

    # Each drafted entry offers the clue database's clues for its answer,
    # the drafted one marked: pick another for an entry that has a choice.
    def offers():
        return driver.find_elements(By.CSS_SELECTOR, "#clue-panel .offers button")

    def chosen():
        return [b.get_attribute("data-text") for b in offers() if "chosen" in b.get_attribute("class").split()]

    counts = {b.get_attribute("data-slot"): int(b.text.split()[0])
              for b in driver.find_elements(By.CSS_SELECTOR, "#clue-panel .more:not([hidden])")}
    choice = next((s for s, n in sorted(counts.items()) if n >= 3), None)
    if choice is None:
        sys.exit(f"no entry offers three clues: {counts}")
    def box():
        return driver.find_element(By.CSS_SELECTOR, f'#clue-panel input[data-slot="{choice}"]')

    before = box().get_attribute("value")
    chrome.click(box)
    expect("offers shown", lambda: len(offers()), counts[choice])
    levels = [b.find_element(By.CSS_SELECTOR, ".level").text.lower() for b in offers()]
    if not set(levels) <= {"easy", "medium", "hard"}:
        sys.exit(f"levels of the offers: {levels}")
    expect("drafted clue marked", chosen, [before])
    after = next(b.get_attribute("data-text") for b in offers() if b.get_attribute("data-text") != before)
    chrome.click(lambda: next(b for b in offers() if b.get_attribute("data-text") == after))
    expect("picked clue", lambda: box().get_attribute("value"), after)
    expect("picked clue marked", chosen, [after])
    if clue_texts()[choice] != after:
        sys.exit(f"{choice} reads {clue_texts()[choice]!r} after picking {after!r}")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", box())
    driver.save_screenshot(os.path.join(shots, "studio-alternatives.png"))
    clues = clue_texts()
    target = os.path.join(shots, "puzzle.puz")
    if os.path.exists(target):
        os.remove(target)
    Select(driver.find_element(By.ID, "format")).select_by_value("puz")
    driver.find_element(By.ID, "export").click()
    expect("download", lambda: os.path.exists(target) and os.path.getsize(target) > 0, True)
    # The same puzzle as a printable PDF.
    pdf = os.path.join(shots, "puzzle.pdf")
    if os.path.exists(pdf):
        os.remove(pdf)
    Select(driver.find_element(By.ID, "format")).select_by_value("pdf")
    driver.find_element(By.ID, "export").click()
    expect("pdf download", lambda: os.path.exists(pdf) and open(pdf, "rb").read(5) == b"%PDF-", True)

    # A 15×15 with an entry across the middle row: the pattern button draws
    # a symmetric pattern around it that ends it with blocks, and draws
    # again on a second press, keeping the letters.
    expect("word lists", lambda: [o.text for o in Select(driver.find_element(By.ID, "list")).options],
           ["embedded list"])
    size = driver.find_element(By.ID, "size")
    size.clear()
    size.send_keys("15")
    driver.find_element(By.ID, "new").click()
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".cell")) == 225)
    click_cell(7, 4)
    driver.find_element(By.ID, "grid").send_keys("PATTERN")
    expect("typed entry", lambda: rows(15)[7], "....PATTERN....")
    patterns = []
    for _ in range(2):
        driver.find_element(By.ID, "pattern").click()
        expect("pattern drawn", lambda: driver.find_element(By.ID, "fill-report").text.startswith("pattern:")
               and rows(15)[7][3] == "#", True)
        drawn = rows(15)
        if drawn[7][3:12] != "#PATTERN#":
            sys.exit(f"entry not kept whole: {drawn[7]!r}")
        if any((drawn[r][c] == "#") != (drawn[14 - r][14 - c] == "#") for r in range(15) for c in range(15)):
            sys.exit(f"pattern not symmetric: {drawn}")
        patterns.append(drawn)
        driver.execute_script("document.getElementById('fill-report').textContent = ''")
    driver.save_screenshot(os.path.join(shots, "studio-pattern.png"))

    # ELMS across and ELM down, typed by the constructor, share a root: the
    # page names the pair apart from the rule problems, and the report of
    # a fill around them names it again. Above a floor of 70 both are the
    # constructor's own entries (60 and 68), which fills keep as they are.
    Select(driver.find_element(By.ID, "symmetry")).select_by_value("none")
    floor = driver.find_element(By.ID, "min-score")
    floor.clear()
    floor.send_keys("70")
    size = driver.find_element(By.ID, "size")
    size.clear()
    size.send_keys("4")
    driver.find_element(By.ID, "new").click()
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".cell")) == 16)
    click_cell(3, 0)
    grid = driver.find_element(By.ID, "grid")
    grid.send_keys(".")
    click_cell(0, 0)
    grid.send_keys("elms")
    click_cell(0, 0)
    grid.send_keys(" elm")  # Space turns the cursor down
    expect("typed pair", lambda: rows(4), ["ELMS", "L...", "M...", "#..."])
    roots = "ELMS (1A) and ELM (1D) share a root: ELM"
    expect("shared roots", lambda: driver.find_element(By.ID, "shared-roots").text, roots)
    if any("root" in v.text for v in driver.find_elements(By.CSS_SELECTOR, "#violations li")):
        sys.exit("a shared root listed among the violations")
    driver.find_element(By.ID, "fill-all").click()
    wait.until(lambda d: "." not in "".join(rows(4)))
    expect("quality report names the pair",
           lambda: driver.find_element(By.ID, "quality").text.endswith("entries sharing a root (1): ELMS/ELM (ELM)"), True)
    driver.save_screenshot(os.path.join(shots, "studio-roots.png"))
    print(json.dumps({"filled": filled, "word": word, "banned": banned, "struck": struck,
                      "puz": target, "clues": clues, "patterns": patterns,
                      "picked": {"slot": choice, "before": before, "after": after}, "roots": roots}))
finally:
    driver.quit()
