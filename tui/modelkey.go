package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/modelkey"
	"github.com/sophia-labs/vehicle/tui/session"
)

// openKeyDialog opens the model key dialog over the screen, after the
// refusal r (nil when the person asked for it); one shows at a time. It
// names the own-key door's provider and default model from the account,
// and asks the host for the account when it is not known yet.
func (m *Model) openKeyDialog(r *dialog.Refusal) tea.Cmd {
	if m.cfg.Client == nil {
		return nil
	}
	m.overlays.Drop(dialog.Is[*dialog.Key])
	var byok *client.BYOK // the own-key door, once the account is known
	if m.account != nil {
		byok = m.account.BYOK
	}
	d := m.key.Dialog(r, m.tiles.Focused().TakesText(), byok)
	if r == nil {
		m.pushOwn(d) // its key: the field takes the key at once
	} else {
		m.push(d) // a refusal opened it: what was typed before goes on to the composer
	}
	if m.account == nil {
		return fetchAccount(m.cfg.Context, m.cfg.Client)
	}
	return nil
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

// onKeyAction acts on what the model key's flow reported: the key dialog
// offered after a refusal a key cures, the key given used from the next
// request (a create it cures made again).
func (m *Model) onKeyAction(a modelkey.Action) tea.Cmd {
	switch a := a.(type) {
	case modelkey.Offer:
		_ = m.openKeyDialog(a.Refusal) // in a session the account is known; after a create, onManageAction asks for it
	case modelkey.Use:
		m.cfg.Client.SetModelKey(a.Key)
		cmds := []tea.Cmd{fetchAccount(m.cfg.Context, m.cfg.Client)}
		if a.Again {
			cmds = append(cmds, m.manage.Again())
		}
		return tea.Batch(cmds...)
	}
	return nil
}

// fundingOf is the funding of s, the session a refusal came in ("" with
// none open, or while it opens).
func fundingOf(s *session.Session) string {
	if s == nil || s.State() == nil {
		return ""
	}
	return s.State().Session.Funding
}
