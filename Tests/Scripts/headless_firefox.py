"""Headless Firefox, driven by Mozilla's marionette_driver, as the browser checks run it: one
way to start it, with a profile of its own that goes with it.

    import headless_firefox
    with headless_firefox.session() as client:   # raises headless_firefox.Missing(line)
        client.navigate(url)
"""
import contextlib, os, shutil, tempfile


class Missing(Exception):
    """What is missing to run Firefox, in one line that says how to install it."""


@contextlib.contextmanager
def session():
    """A Marionette client of a new headless Firefox on 127.0.0.1, quit and its profile removed
    when the block ends; generous timeouts, for a loaded machine."""
    try:
        from marionette_driver.marionette import Marionette
    except ImportError:
        raise Missing("python3 cannot import marionette_driver; install it with `python3 -m pip install marionette-driver` (script/setup does)")
    firefox = shutil.which("firefox-esr") or shutil.which("firefox")
    if firefox is None:
        raise Missing("no firefox on PATH; install Debian's firefox-esr (script/setup does)")
    profile = tempfile.mkdtemp(prefix="bake-firefox-")
    client = Marionette(host="127.0.0.1", port=0, bin=firefox, headless=True, profile=profile, startup_timeout=300,
                        gecko_log=os.path.join(profile, "gecko.log"))
    try:
        client.start_session()
        client.timeout.page_load = 300
        yield client
    finally:
        try:
            client.quit(in_app=True)
        except Exception:
            client.cleanup()
        shutil.rmtree(profile, ignore_errors=True)
