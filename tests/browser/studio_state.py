"""Runs the tests of the studio page's pure state module
(tests/browser/state_test.js) in Debian's chromium, on the module as the
studio serves it (/state.js, a JavaScript module). Prints the result as JSON
({"passed": N, "failures": [...]}) for the Rust test to check; exits non-zero
(with the reason) when the tests cannot run.

Usage: studio_state.py URL SCREENSHOT_DIR
"""
import json
import os
import sys

import chrome

url = sys.argv[1]
tests = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "state_test.js")).read()
driver, wait = chrome.start()
driver.set_script_timeout(30)
try:
    driver.get(url)
    # The tests as a module of their own (a blob), given the served module.
    result = driver.execute_async_script("""
        const [source, done] = arguments;
        const tests = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
        Promise.all([import("/state.js"), import(tests)])
          .then(([state, t]) => done(t.run(state)))
          .catch((e) => done({ error: String((e && e.stack) || e) }));
    """, tests)
    if "error" in result:
        sys.exit(f"the state tests did not run: {result['error']}")
    print(json.dumps(result))
finally:
    driver.quit()
