"""Helpers the calculator browser tests share: open a page, fill a form, read its outputs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page


def open_calculators(page: Page, url: str) -> None:
    """Load a calculator page and wait until every form has computed once."""
    page.goto(url)
    page.wait_for_function(
        "() => [...document.querySelectorAll('form.xpuref-calc')]"
        ".every(f => f.hasAttribute('data-state'))"
    )


def set_fields(form: Locator, **values: Any) -> None:
    """Type, choose or tick each named field, in the order given."""
    for name, value in values.items():
        field = form.locator(f'[name="{name}"]')
        kind = field.get_attribute("data-kind")
        if kind == "bool":
            field.set_checked(bool(value))
        elif kind == "choice":
            field.select_option(str(value))
        else:
            field.fill(str(value))


#: A form's outputs, each exact value (data-value) by name, as a script run on the form.
_READ_OUTPUTS = (
    "f => Object.fromEntries([...f.querySelectorAll('[data-out]')]"
    ".map(o => [o.dataset.out, o.dataset.value]))"
)


def outputs(form: Locator) -> dict[str, str]:
    """Every output's exact value (data-value) by name."""
    found: dict[str, str] = form.evaluate(_READ_OUTPUTS)
    return found


def outputs_for_each(form: Locator, name: str, values: list[str]) -> dict[str, dict[str, str]]:
    """The outputs (as ``outputs`` reads them) after choosing each value of one select field in
    turn, by value: each choice is made as ``select_option`` makes it (the value set, then an
    input and a change event that bubble), all within one round trip to the page."""
    found: dict[str, dict[str, str]] = form.evaluate(
        "(f, [name, values]) => { const read = "
        + _READ_OUTPUTS
        + """;
          const field = f.querySelector(`[name="${name}"]`);
          const shown = {};
          for (const value of values) {
            field.value = value;
            if (field.value !== value) throw new Error(`${name} has no choice ${value}`);
            field.dispatchEvent(new Event('input', { bubbles: true }));
            field.dispatchEvent(new Event('change', { bubbles: true }));
            shown[value] = read(f);
          }
          return shown;
        }""",
        [name, values],
    )
    return found


def fields(form: Locator) -> dict[str, str]:
    """Every field's current value (checkboxes as true/false)."""
    found: dict[str, str] = form.evaluate(
        "f => Object.fromEntries([...f.querySelectorAll('[data-kind]')]"
        ".map(e => [e.name, e.type === 'checkbox' ? String(e.checked) : e.value]))"
    )
    return found
