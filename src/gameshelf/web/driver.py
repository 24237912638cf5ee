"""The Textual driver of an app served to a browser tab (see :mod:`gameshelf.web`).

When the input of Textual's :class:`~textual.drivers.web_driver.WebDriver` ends (the web
server was killed, or its pipe closed), it only stops reading and the app would run on with
nobody to play it; this driver then ends the app as a closed tab does.
"""

from __future__ import annotations

import asyncio

from textual import messages
from textual.drivers.web_driver import WebDriver


class BrowserDriver(WebDriver):
    """Textual's web driver, ending the app when its input ends (see the module's text)."""

    def run_input_thread(self) -> None:
        """Read the browser's input until it ends; then end the app unless it is ending."""
        super().run_input_thread()
        if not self.exit_event.is_set():
            try:
                asyncio.run_coroutine_threadsafe(
                    self._app._post_message(messages.ExitApp()), loop=self._loop)
            except RuntimeError:
                pass  # the app's loop is closed already: it has ended
