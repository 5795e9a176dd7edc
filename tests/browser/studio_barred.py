"""Drives the studio page in Debian's chromium to build a barred puzzle, as
a constructor would: a new 6×6, a bar toggled with its rotational partner
and undone, then the bars of tests/data/grids/barred6.txt put in by keys
(| right, _ below) and by clicks by a cell's side in Bars mode; the numbers
the page shows, candidates for an entry the bars end, autofill, a .puz
export refused in the server's one line, an .ipuz export and a save (Ctrl+S)
to the .ipuz the studio was started on. Prints what it saw as JSON for the
Rust test; exits non-zero (with the reason) on any failure.

Usage: studio_barred.py URL SCREENSHOT_DIR
"""
import json
import os
import sys

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

import chrome

url, shots = sys.argv[1], sys.argv[2]
driver, wait = chrome.start(downloads=shots)
N = 6


def cell(r, c):
    return driver.find_element(By.CSS_SELECTOR, f'.cell[data-r="{r}"][data-c="{c}"]')


def click_cell(r, c):
    chrome.click(lambda: cell(r, c))


def rows():
    """The letters shown, row by row ('.' open, '#' block)."""
    return driver.execute_script("""
        const n = arguments[0], out = [];
        for (let r = 0; r < n; r++) {
          let row = "";
          for (let c = 0; c < n; c++) {
            const e = document.querySelector(`.cell[data-r='${r}'][data-c='${c}']`);
            const text = Array.from(e.childNodes).filter((x) => x.nodeType === 3).map((x) => x.textContent).join("");
            row += e.classList.contains("block") ? "#" : text || ".";
          }
          out.push(row);
        }
        return out;""", N)


def bars():
    """The bars drawn, as "r,c,R" and "r,c,B", sorted."""
    return sorted(driver.execute_script("""
        return Array.from(document.querySelectorAll(".cell .bar")).map((b) => {
          const cell = b.closest(".cell");
          return `${cell.dataset.r},${cell.dataset.c},${b.classList.contains("right") ? "R" : "B"}`;
        });"""))


def numbers():
    """The clue numbers shown, by "r,c"."""
    return driver.execute_script("""
        const out = {};
        for (const n of document.querySelectorAll(".cell .num")) {
          const cell = n.closest(".cell");
          out[`${cell.dataset.r},${cell.dataset.c}`] = +n.textContent;
        }
        return out;""")


def text(id):
    return driver.find_element(By.ID, id).text


def expect(what, got, want):
    """Waits (up to the wait's limit) until `got()` returns `want`."""
    try:
        wait.until(lambda d: got() == want)
    except Exception:
        raise AssertionError(f"{what}: got {got()!r}, want {want!r}")


def go(r, c, direction):
    """The cursor to (r, c), across ("A") or down ("D"): a click on the
    cursor's own cell turns it, so Space turns it back when it must."""
    click_cell(r, c)
    wait.until(lambda d: text("slot-name").split()[0][-1] in "AD")
    if not text("slot-name").split()[0].endswith(direction):
        driver.find_element(By.ID, "grid").send_keys(" ")
    expect("direction", lambda: text("slot-name").split()[0][-1], direction)


def click_by_side(r, c, side):
    """A click inside cell (r, c), 3 px from its side: T, R, B or L."""
    box = cell(r, c).size
    dx = {"L": -box["width"] / 2 + 3, "R": box["width"] / 2 - 3}.get(side, 0)
    dy = {"T": -box["height"] / 2 + 3, "B": box["height"] / 2 - 3}.get(side, 0)
    ActionChains(driver).move_to_element_with_offset(cell(r, c), int(dx), int(dy)).click().perform()


try:
    driver.get(url)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".cell"))
    size = driver.find_element(By.ID, "size")
    size.clear()
    size.send_keys(str(N))
    driver.find_element(By.ID, "new").click()
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".cell")) == N * N)
    grid = driver.find_element(By.ID, "grid")

    # Under rotational symmetry a bar brings its partner: right of (0,2)
    # and right of (5,2); Undo takes both away.
    click_cell(0, 2)
    grid.send_keys("|")
    expect("a bar and its partner", bars, ["0,2,R", "5,2,R"])
    driver.find_element(By.ID, "undo").click()
    expect("undone", bars, [])

    # barred6 is not symmetric: its bars one by one. Keys on the cursor's
    # cell: | right, _ below.
    Select(driver.find_element(By.ID, "symmetry")).select_by_value("none")
    click_cell(0, 2)
    grid.send_keys("|")
    click_cell(2, 2)
    grid.send_keys("|_")
    click_cell(4, 2)
    grid.send_keys("|")
    # Bars mode: a click by a cell's lower side, and by another's upper
    # side (the bar below the cell above it); a click in a cell's middle
    # still moves the cursor.
    driver.find_element(By.ID, "bar-mode").click()
    click_by_side(2, 0, "B")
    click_by_side(3, 4, "T")
    # A bar on the grid's edge divides nothing: no change.
    click_by_side(0, 5, "R")
    want = ["0,2,R", "2,0,B", "2,2,B", "2,2,R", "2,4,B", "4,2,R"]
    expect("barred6's bars", bars, want)
    driver.save_screenshot(os.path.join(shots, "barred-mode.png"))
    ActionChains(driver).move_to_element(cell(1, 1)).click().perform()
    expect("cursor moved in Bars mode", lambda: driver.execute_script(
        "const e = document.querySelector('.cursor'); return e && [e.dataset.r, e.dataset.c];"), ["1", "1"])
    driver.find_element(By.ID, "bar-mode").click()

    # The numbers are the server's, for the bars: 18 entries.
    want_numbers = {"0,0": 1, "0,1": 2, "0,2": 3, "0,3": 4, "0,4": 5, "0,5": 6, "1,0": 7, "2,0": 8, "2,3": 9,
                    "3,0": 10, "3,2": 11, "3,4": 12, "4,0": 13, "4,3": 14, "5,0": 15}
    expect("numbers", numbers, want_numbers)
    expect("stats", lambda: text("stats"), "6×6 · 18 words · 0 blocks · 6 bars")
    driver.save_screenshot(os.path.join(shots, "barred-empty.png"))

    # 8A ends at the bar right of (2,2): its candidates are three letters.
    go(2, 1, "A")
    expect("entry under the cursor", lambda: text("slot-name").split()[0], "8A")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#candidates li.viable"))
    offered = [li.get_attribute("data-word") for li in driver.find_elements(By.CSS_SELECTOR, "#candidates li")]
    if not offered or any(len(w) != 3 for w in offered):
        raise AssertionError(f"candidates for 8A: {offered}")
    # Typing in 1A stops at its bar: the cursor stays on its last cell.
    go(0, 0, "A")
    grid.send_keys("abcd")
    expect("typed up to the bar", lambda: rows()[0], "ABD...")
    driver.find_element(By.ID, "undo").click()
    driver.find_element(By.ID, "undo").click()
    driver.find_element(By.ID, "undo").click()
    driver.find_element(By.ID, "undo").click()
    expect("typing undone", lambda: rows()[0], "......")
    expect("bars kept through undo", bars, want)

    # Autofill: every open cell, the bars kept.
    driver.find_element(By.ID, "fill-all").click()
    wait.until(lambda d: "." not in "".join(rows()))
    filled = rows()
    expect("bars after the fill", bars, want)
    expect("fill report", lambda: text("fill-report").startswith("filled: mean score"), True)
    driver.save_screenshot(os.path.join(shots, "barred-filled.png"))

    # .puz cannot hold bars: the server's refusal, in one line.
    Select(driver.find_element(By.ID, "format")).select_by_value("puz")
    driver.find_element(By.ID, "export").click()
    refusal = "cannot write .puz: the grid has bars, which .puz cannot hold; write it as .ipuz or .jpz"
    expect("puz refused", lambda: text("fill-report"), refusal)
    # .ipuz holds them: a download, and a save to the studio's file.
    target = os.path.join(shots, "puzzle.ipuz")
    if os.path.exists(target):
        os.remove(target)
    Select(driver.find_element(By.ID, "format")).select_by_value("ipuz")
    driver.find_element(By.ID, "export").click()
    expect("ipuz download", lambda: os.path.exists(target) and os.path.getsize(target) > 0, True)
    grid.send_keys(Keys.CONTROL, "s")
    expect("saved", lambda: text("fill-report").startswith("saved "), True)
    print(json.dumps({"filled": filled, "bars": bars(), "numbers": numbers(), "refusal": refusal,
                      "ipuz": target, "saved": text("fill-report")[len("saved "):]}))
except Exception as e:  # the reason, for the Rust test's message
    driver.save_screenshot(os.path.join(shots, "barred-failed.png"))
    print(f"studio_barred failed: {type(e).__name__}: {e}", file=sys.stderr)
    sys.exit(1)
finally:
    driver.quit()
