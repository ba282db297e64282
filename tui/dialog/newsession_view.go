package dialog

import (
	"strconv"
	"strings"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"

	"github.com/sophia-labs/vehicle/tui/ui"
)

// The new-session form as drawn. It fits the box it is given: the keys,
// the field with the keys and what to fix always show; the other fields
// show around the one with the keys (a line says how many more are above
// or below) when they do not all fit; what the field with the keys takes,
// and what the profiles and the budget mean, when there is room.

// View draws the form.
func (d *NewSession) View() string {
	st := d.ctx.Styles
	inner := max(min(d.w-4, 96), 10)
	keys := strings.Split(xansi.Wrap(d.keys(inner), inner, ""), "\n")
	var bad []string
	if d.bad != "" {
		bad = styled(ui.WrapPlain("✗ "+d.bad, inner), st.StatusError.Render)
	}
	var hint []string // what the field with the keys takes; a refusal says it already
	if d.bad == "" {
		hint = styled(ui.WrapPlain(d.hint(), inner), st.KeyDesc.Render)
	}
	about := "An agent has a body with its own folder (read, write, edit, bash); a chat the graph tools. " +
		"The budget is per run (a prompt and what it sets off), fixed when the session is made."
	if d.offer.Public {
		about += " On a public graph the host caps every run whatever is asked here."
	}
	aboutLines := styled(ui.WrapPlain(about, inner), st.KeyDesc.Render)

	left := 1 << 20 // the lines the box has for text, its keys among them
	switch {
	case d.h >= 8:
		left = d.h - 4 // its border, its title and the blank under it
	case d.h > 0:
		left = d.h - 3
	}
	left -= len(keys)
	gap, blank := "\n\n", 1 // a blank line over the keys, and one over what is under the fields
	if len(bad) > 0 && left < 1+len(bad)+2 {
		gap, blank = "\n", 0 // tight: the blank lines go before the words do
	} else {
		left--
	}
	if most := max(left-1-blank, 1); len(bad) > most { // the field and what to fix first: the rest of the words cut
		bad = append(bad[:most-1:most-1], xansi.Truncate(bad[most-1], inner-1, "")+"…")
	}
	under := bad // under the fields, after a blank line
	rows := min(max(left-len(bad)-blank*min(len(bad), 1), 1), fieldCount)
	left -= rows + len(bad) + blank*min(len(bad), 1)
	if need := len(hint) + 1 - min(len(bad), 1); len(hint) > 0 && left >= need {
		under, left = append(hint, bad...), left-need
	}
	body := d.fields(rows)
	for i, l := range body {
		body[i] = ui.Pad(l, inner) // a line a field, never wrapped in the box; the box as wide whatever shows
	}
	if len(under) > 0 {
		if blank > 0 {
			body = append(body, "")
		}
		body = append(body, under...)
	}
	if left >= len(aboutLines)+1 {
		body = append(append(body, ""), aboutLines...)
	}
	return ui.Box(st, "New session", strings.Join(body, "\n")+gap+strings.Join(keys, "\n"), d.w, d.h)
}

// keys is the form's keys, as the line under it says them; in a narrow
// box ←/→ only while the profile has the keys.
func (d *NewSession) keys(inner int) string {
	c := d.ctx
	hints := []string{c.Hint(c.Keys.Save, "starts it"), c.Hint(c.Keys.Panes, "next field")}
	if inner >= 60 || d.at == fieldProfile {
		hints = append(hints, c.Hint(c.Keys.Choose, "changes the profile"))
	}
	return c.Hints(append(hints, c.Hint(c.Keys.Dismiss, "cancels"))...)
}

// hint says what the field with the keys takes.
func (d *NewSession) hint() string {
	switch d.at {
	case fieldTitle:
		return "title: the session's name (empty: none; the lists show its first words)"
	case fieldProfile:
		return "profile: chat (the graph tools) or agent (a body with its own folder; owners only): " +
			"type c or a, or " + ui.KeyName(d.ctx.Keys.Choose) + " changes it"
	case fieldModel:
		return d.modelHint()
	case fieldTurns:
		return "max turns: model turns a run may take, 1 or more (empty: the host's)"
	case fieldCost:
		return "max cost: US dollars a run may cost, like 0.50 (empty: the host's)"
	}
	return "lease: how long it lasts unused before another terminal may take it, like 10m or 90s (empty: the host's)"
}

// modelHint says the models the host offers, and whether the name typed
// is one.
func (d *NewSession) modelHint() string {
	o, typed := d.offer, strings.TrimSpace(d.in[fieldModel].String())
	mark := ""
	if typed != "" && o.refuses(typed) == "" && (o.Models != nil || o.Prefix != "") {
		mark = " · ✓ “" + ui.SanitizeLine(typed) + "” is offered"
	}
	switch {
	case o.Models != nil:
		return "model: " + o.offered() + " (empty: " + ui.Or(ui.SanitizeLine(o.Default), "the host's default") + ")" + mark
	case o.Prefix != "":
		return "model: your own key runs any model named " + ui.SanitizeLine(o.Prefix) + "… (empty: " +
			ui.Or(ui.SanitizeLine(o.Default), "the host's default") + ")" + mark
	}
	return "model: the host names no models for you; it checks the name when the session is made (empty: its default)"
}

// fields is rows lines of fields: all of them, or those around the one
// with the keys, a line saying how many more are above or below.
func (d *NewSession) fields(rows int) []string {
	all := d.fieldLines()
	if rows >= len(all) {
		return all
	}
	first := min(max(d.at-(rows-1)/2, 0), len(all)-rows)
	out := append([]string(nil), all[first:first+rows]...)
	more := func(arrow string, n int) string {
		return d.ctx.Styles.KeyDesc.Render("  " + arrow + " " + strconv.Itoa(n) + " more (" + ui.KeyName(d.ctx.Keys.Panes) + " moves)")
	}
	if first > 0 && d.at != first {
		out[0] = more("↑", first+1)
	}
	if end := first + rows; end < len(all) && d.at != end-1 {
		out[rows-1] = more("↓", len(all)-end+1)
	}
	return out
}

// fieldLines is a line a field, the one with the keys marked.
func (d *NewSession) fieldLines() []string {
	st := d.ctx.Styles
	profile := st.Body.Render("● chat") + st.KeyDesc.Render("  ○ agent (owners only)")
	if d.agent {
		profile = st.KeyDesc.Render("○ chat  ") + st.Body.Render("● agent") + st.KeyDesc.Render(" (owners only)")
	}
	if d.typed != "" {
		picked := wire.ProfileChat
		if d.agent {
			picked = wire.ProfileAgent
		}
		profile += st.KeyDesc.Render(" · “" + ui.SanitizeLine(d.typed) + "” picks " + picked)
	}
	return []string{
		d.row(fieldTitle, "title", d.field(fieldTitle, "none", "")),
		d.row(fieldProfile, "profile", profile),
		d.row(fieldModel, "model", d.field(fieldModel, ui.Or(ui.SanitizeLine(d.offer.Default), "the host's default"), "")),
		d.row(fieldTurns, "max turns", d.field(fieldTurns, "the host's default", " a run")),
		d.row(fieldCost, "max cost", d.field(fieldCost, "the host's default", " US dollars a run")),
		d.row(fieldTTL, "lease", d.field(fieldTTL, "the host's default", " unused")),
	}
}

// row is one field's line: the mark of the selected one, its name, its
// value.
func (d *NewSession) row(f int, name, value string) string {
	st := d.ctx.Styles
	mark := "  "
	if f == d.at {
		mark = st.Key.Render("▸ ")
	}
	return mark + st.Status.Render(ui.Pad(name, 10)) + " " + value
}

// field is a text field's value and its unit, with the cursor when it has
// the keys, or what it means left empty.
func (d *NewSession) field(f int, empty, unit string) string {
	st := d.ctx.Styles
	v := d.in[f].String()
	switch {
	case v == "" && f == d.at:
		return st.Key.Render("▏") + st.Placeholder.Render(empty)
	case v == "":
		return st.Placeholder.Render(empty)
	case f == d.at:
		return d.in[f].View(st) + st.KeyDesc.Render(unit)
	}
	return st.Body.Render(v) + st.KeyDesc.Render(unit)
}

// styled is lines each rendered by style.
func styled(lines []string, style func(...string) string) []string {
	for i, l := range lines {
		lines[i] = style(l)
	}
	return lines
}
