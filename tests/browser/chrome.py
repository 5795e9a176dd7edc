"""Debian's chromium through chromedriver, as the studio's browser tests
drive it: headless, offline (Selenium Manager never fetches a driver), one
window size, downloads into a folder of the test's choosing."""
import os

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait


def start(downloads=None):
    """(driver, wait): the browser, and a wait of 30 s that tries again
    when re-rendering replaces an element under a running check."""
    os.environ["SE_OFFLINE"] = "true"
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    if downloads:
        options.add_experimental_option("prefs", {"download.default_directory": downloads,
                                                  "download.prompt_for_download": False})
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--window-size=1280,860"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    wait = WebDriverWait(driver, 30, ignored_exceptions=[StaleElementReferenceException])
    return driver, wait


def click(find, tries=20):
    """Clicks what `find()` returns, finding it again when the page
    re-rendered it between the finding and the click (the studio redraws
    its grid and lists whenever an answer from the server arrives)."""
    for _ in range(tries - 1):
        try:
            find().click()
            return
        except StaleElementReferenceException:
            continue
    find().click()
