package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// keySavedMsg answers saving the model key in the OS keyring.
type keySavedMsg struct{ err error }

// openKeyDialog opens the model key dialog over the screen, after the
// refusal r (nil when the person asked for it); one shows at a time. It
// names the own-key door's provider and default model from the account,
// and asks the host for the account when it is not known yet.
func (m *Model) openKeyDialog(r *dialog.Refusal) tea.Cmd {
	if m.cfg.Client == nil {
		return nil
	}
	m.overlays.Drop(dialog.Is[*dialog.Key])
	d := dialog.NewKey(&m.Context, r, m.modelKeyVariable(), m.cfg.SaveModelKey != nil)
	d.SetBack(m.composerTakes())
	if r == nil {
		m.pushOwn(d) // its key: the field takes the key at once
	} else {
		m.push(d) // a refusal opened it: what was typed before goes on to the composer
	}
	if m.account == nil {
		return fetchAccount(m.cfg.Context, m.cfg.Client)
	}
	d.SetBYOK(m.account.BYOK)
	return nil
}

// tellKeyDialog gives an open key dialog the account's own-key door.
func (m *Model) tellKeyDialog() {
	if m.account == nil {
		return
	}
	m.overlays.Each(func(o ui.Component) {
		if d, ok := o.(*dialog.Key); ok {
			d.SetBYOK(m.account.BYOK)
		}
	})
}

// composerTakes reports whether the open session's composer takes text
// handed back to it (a text given as the model key that is not one).
func (m *Model) composerTakes() bool {
	return m.tiles.Focused() != nil && m.tiles.Focused().State() != nil && !m.tiles.Focused().Gone() && !m.cfg.Watch
}

// notAKey puts a text given as the model key that is not of a key's shape
// back in the composer, after the draft: the person typed words where the
// key field was. The key dialog says why it was not kept.
func (m *Model) notAKey(text string) {
	if !m.composerTakes() {
		return
	}
	if now := m.composer.Value(); strings.TrimSpace(now) != "" {
		text = now + "\n" + text
	}
	m.composer.SetValue(text)
	m.note.Say("that was not a model key: it is back in the composer, not kept")
}

// keyTypedUnder moves a model key typed by hand at the key dialog, before
// the person reached its field (it went on to the composer), into the
// field: a key never waits in the composer, in clear. Words that are not a
// key stay in the composer.
func (m *Model) keyTypedUnder(d *dialog.Key, typed string) {
	var byok *client.BYOK
	if m.account != nil {
		byok = m.account.BYOK
	}
	k := strings.TrimSpace(typed)
	if dialog.KeyShape(k, byok) != "" {
		return
	}
	v := m.composer.Value()
	switch {
	case m.focus == focusPicker:
		if !m.picker.TakeBack(typed) {
			return
		}
	case strings.HasSuffix(v, typed):
		m.composer.SetValue(strings.TrimSuffix(v, typed))
	default:
		return
	}
	d.Fill(k)
	m.note.Say("the key you typed is in the key field, not where you typed it")
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
	m.note.Say("your model key goes with every request from now on")
	cmds := []tea.Cmd{fetchAccount(m.cfg.Context, m.cfg.Client)}
	if save && m.cfg.SaveModelKey != nil {
		store := m.cfg.SaveModelKey
		cmds = append(cmds, func() tea.Msg { return keySavedMsg{err: store(k)} })
	}
	switch {
	case r != nil && r.Create:
		m.note.Add(": starting the session again…")
		cmds = append(cmds, m.manage.Again())
	case !m.composer.Blank():
		m.note.Add(": " + ui.KeyName(m.Keys.Send) + " sends your text again")
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
	m.note.Say("your model key is saved in the OS keyring (its own entry)")
	if !m.composer.Blank() {
		m.note.Add(": " + ui.KeyName(m.Keys.Send) + " sends your text again")
	}
}
