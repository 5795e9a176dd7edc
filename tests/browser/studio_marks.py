"""Drives the studio page in Debian's chromium, opened on an .ipuz with
circled, shaded and rebus cells: the page must show them, write a new rebus
with Insert, and save with Ctrl+S. Prints what it saw as JSON for the Rust
test; exits non-zero (with the reason) on any failure.

Usage: studio_marks.py URL SCREENSHOT_DIR
"""
import json
import os
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import chrome

url, shots = sys.argv[1], sys.argv[2]
driver, wait = chrome.start()


def cell(r, c):
    return driver.find_element(By.CSS_SELECTOR, f'.cell[data-r="{r}"][data-c="{c}"]')


def classes(r, c):
    return cell(r, c).get_attribute("class").split()


def rebus(r, c):
    found = cell(r, c).find_elements(By.CSS_SELECTOR, ".rebus")
    return found[0].text if found else None


try:
    driver.get(url)
    wait.until(lambda d: rebus(1, 0) == "CAT")
    seen = {
        "circled": [[r, c] for r in range(5) for c in range(5) if "circled" in classes(r, c)],
        "shaded": [[r, c] for r in range(5) for c in range(5) if "shaded" in classes(r, c)],
        "rebus": rebus(1, 0),
    }
    driver.save_screenshot(os.path.join(shots, "marks.png"))
    # A new rebus at row 4, column 2 (ASKS's K) with Insert.
    chrome.click(lambda: cell(4, 2))
    grid = driver.find_element(By.ID, "grid")
    grid.send_keys(Keys.INSERT)
    wait.until(lambda d: d.switch_to.alert)
    alert = driver.switch_to.alert
    alert.send_keys("KEY")
    alert.accept()
    wait.until(lambda d: rebus(4, 2) == "KEY")
    grid.send_keys(Keys.CONTROL, "s")
    wait.until(lambda d: d.find_element(By.ID, "fill-report").text.startswith("saved "))
    seen["new_rebus"] = rebus(4, 2)
    seen["report"] = driver.find_element(By.ID, "fill-report").text
    print(json.dumps(seen))
except Exception as e:  # the reason, for the Rust test's message
    driver.save_screenshot(os.path.join(shots, "marks-failed.png"))
    print(f"studio_marks failed: {type(e).__name__}: {e}", file=sys.stderr)
    sys.exit(1)
finally:
    driver.quit()
