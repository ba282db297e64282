package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// keyDialog asks for the person's model key, after a refusal a key would
// cure or on its key at any time. The field is masked: the key is never
// drawn. keep is called with the key and whether to save it in the OS
// keyring.
type keyDialog struct {
	c        *common
	refusal  *doorRefusal // what the host said, nil when opened by its key
	variable string       // the variable the key is read from at start
	canSave  bool         // an OS keyring was offered
	in       ui.LineInput
	keep     func(key string, save bool) tea.Cmd
	w, h     int
}

// keyCures reports whether a refusal's code is one a model key cures.
func keyCures(code string) bool {
	switch code {
	case client.CodeModelKeyRequired, client.CodeOutOfCredit, client.CodeCreditPoolExhausted:
		return true
	}
	return false
}

// ShortHelp lists the dialog's keys.
func (d *keyDialog) ShortHelp() []key.Binding {
	if d.canSave {
		return []key.Binding{d.c.Keys.Save, d.c.Keys.SaveKeyring, d.c.Keys.Dismiss}
	}
	return []key.Binding{d.c.Keys.Save, d.c.Keys.Dismiss}
}

// FullHelp lists the dialog's keys.
func (d *keyDialog) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// SetSize takes the screen's size.
func (d *keyDialog) SetSize(w, h int) { d.w, d.h = w, h }

// Update edits the key; enter keeps it, the keyring key keeps and saves it,
// esc dismisses it. An empty field keeps nothing.
func (d *keyDialog) Update(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		d.in.Insert(msg.Content)
	case tea.KeyPressMsg:
		save := d.canSave && key.Matches(msg, d.c.Keys.SaveKeyring)
		switch {
		case save || key.Matches(msg, d.c.Keys.Save):
			k := strings.TrimSpace(d.in.String())
			if k == "" {
				return nil, false
			}
			d.in.Set("")
			return d.keep(k, save), true
		case key.Matches(msg, d.c.Keys.Dismiss):
			d.in.Set("")
			return nil, true
		}
		d.in.Update(msg)
	}
	return nil, false
}

// View draws the dialog: the host's words whole, the doors, the masked
// field and the keys.
func (d *keyDialog) View() string {
	c := d.c
	var b strings.Builder
	if r := d.refusal; r != nil {
		b.WriteString(c.Styles.StatusError.Render(ui.SanitizeLine(r.code)+": ") + ui.SanitizeLine(r.message) + "\n")
		for _, l := range doorLines(r.doors) {
			b.WriteString("→ " + l + "\n")
		}
		b.WriteString("\n")
	}
	b.WriteString("Your model key (OpenRouter), sent as X-Model-Key from the next request on:\n")
	b.WriteString(c.Styles.Body.Render(strings.Repeat("•", min(len([]rune(d.in.String())), 48))) + c.Styles.Key.Render("▏") + "\n")
	b.WriteString(c.Styles.KeyDesc.Render("Kept in memory for this run; never shown, logged or written to a file. At start it is read from $" +
		ui.SanitizeLine(d.variable)))
	if d.canSave {
		b.WriteString(c.Styles.KeyDesc.Render(", then from the OS keyring"))
	}
	b.WriteString(c.Styles.KeyDesc.Render(".") + "\n\n")
	hs := []string{c.Hint(c.Keys.Save, "keeps it")}
	if d.canSave {
		hs = append(hs, c.Hint(c.Keys.SaveKeyring, "keeps it and saves it in the OS keyring"))
	}
	dismiss := "dismisses"
	if d.refusal != nil && !d.refusal.create {
		dismiss = "dismisses (your text stays in the composer)"
	}
	hs = append(hs, c.Hint(c.Keys.Dismiss, dismiss))
	b.WriteString(c.Hints(hs...))
	return ui.Box(c.Styles, "Model key", b.String(), d.w, d.h)
}

// doorLines are the doors a refusal named, each whole: its header and what
// it means.
func doorLines(d *client.Doors) []string {
	if d == nil {
		return nil
	}
	var out []string
	for _, x := range []client.Door{d.BYOK, d.Account} {
		if x.Header == "" {
			continue
		}
		line := ui.SanitizeLine(x.Header)
		if x.Description != "" {
			line += ": " + ui.SanitizeLine(x.Description)
		}
		out = append(out, line)
	}
	return out
}

// keySavedMsg answers saving the model key in the OS keyring.
type keySavedMsg struct{ err error }

// openKeyDialog opens the model key dialog over the screen, after the
// refusal r (nil when the person asked for it); one shows at a time.
func (m *Model) openKeyDialog(r *doorRefusal) {
	if m.cfg.Client == nil {
		return
	}
	m.drop(func(o component) bool { _, ok := o.(*keyDialog); return ok })
	m.push(&keyDialog{c: m.common, refusal: r, variable: m.modelKeyVariable(),
		canSave: m.cfg.SaveModelKey != nil, keep: m.keepModelKey})
}

// modelKeyVariable is the variable the model key is read from at start.
func (c *common) modelKeyVariable() string {
	if c.cfg.ModelKeyEnv != "" {
		return c.cfg.ModelKeyEnv
	}
	return "VEHICLE_MODEL_KEY"
}

// keepModelKey sends k as X-Model-Key from the next request on and, when
// asked, saves it in the OS keyring. A create the key cures is made again;
// a refused text waits in the composer for the send key.
func (m *Model) keepModelKey(k string, save bool) tea.Cmd {
	m.cfg.Client.SetModelKey(k)
	m.keyGiven = true
	r := m.refusal
	m.refusal = nil
	m.setErr(nil)
	m.note = "your model key goes with every request from now on"
	cmds := []tea.Cmd{fetchAccount(m.cfg.Context, m.cfg.Client)}
	if save && m.cfg.SaveModelKey != nil {
		store := m.cfg.SaveModelKey
		cmds = append(cmds, func() tea.Msg { return keySavedMsg{err: store(k)} })
	}
	switch {
	case r != nil && r.create:
		m.note += ": starting the session again…"
		cmds = append(cmds, createSession(m.cfg.Context, m.cfg.Client, m.cfg.NewSession))
	case !m.composer.blank():
		m.note += ": " + ui.KeyName(m.Keys.Send) + " sends your text again"
	}
	return tea.Batch(cmds...)
}

// onKeySaved says whether the key is in the OS keyring for the next start.
func (m *Model) onKeySaved(msg keySavedMsg) {
	if msg.err != nil {
		m.setErr(fmt.Errorf("the model key was not saved in the OS keyring (%w): it is kept for this run only; to keep it, set $%s",
			msg.err, m.modelKeyVariable()))
		return
	}
	m.note = "your model key is saved in the OS keyring (its own entry)"
	if !m.composer.blank() {
		m.note += ": " + ui.KeyName(m.Keys.Send) + " sends your text again"
	}
}
