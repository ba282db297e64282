package tui

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
	"github.com/sophia-labs/vehicle/tui/transcript"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// visit is chiming into another person's room: a session that is not the
// person's own, which the host lets them chime into but never read. The
// screen shows what was sent from this terminal and what the room did
// with it.
type visit struct {
	id          string
	sent        []sentChime
	sending     bool
	outbound    *session.Outgoing // the chime on its way, while sending
	unconfirmed *session.Outgoing // a chime whose answer was lost: enter sends the same request again
	room        string            // what the last answer said of the room, "" before any
	roomAt      time.Time         // when that answer came
}

// sentChime is a chime sent from this terminal, and what became of it.
type sentChime struct {
	text    string
	at      time.Time
	outcome string
	ok      bool // pending or submitted, not refused
	pending bool // the driver decides: its outcome is never known here
}

// visitIntro is the screen's explanation, above the chimes sent.
const visitIntro = "You are chiming into another person's session. What you write goes to its driver " +
	"as a chime, with your name: under suggest it waits for the driver to accept or reject it, " +
	"under co-drive it goes in at once, and observe or mute refuse it. Only the session's owner " +
	"reads its transcript, so what the driver does with a waiting chime is not shown here."

// startVisit opens the visit screen on id.
func (m *Model) startVisit(id string) tea.Cmd {
	m.visit = &visit{id: id}
	m.focus = focusVisit
	m.note.Say("chiming into " + ui.SanitizeLine(id))
	m.layout()
	if m.cfg.History != nil {
		m.composer.SetHistory(nil)
	}
	return tea.Batch(fetchAccount(m.cfg.Context, m.cfg.Client), loadHistory(m.cfg.History, 0, m.draftKey(id)),
		loadDraft(m.cfg.Drafts, visitGen, m.draftKey(id)))
}

// visitGen is the generation of the visit's draft message: the visit is no
// session of the wall.
const visitGen = -2

// unanswered is the visit's chime that has no answer yet: on its way, or
// its answer lost; nil when there is none.
func (v *visit) unanswered() *session.Outgoing {
	if v.outbound != nil {
		return v.outbound
	}
	return v.unconfirmed
}

// onVisitDraft puts the draft kept for the visited session in the composer
// (unless the person has begun writing) and a chime kept with no answer
// back as unconfirmed: enter on an empty composer sends the same request.
func (m *Model) onVisitDraft(kept KeptDraft) {
	v := m.visit
	if v == nil {
		return
	}
	if kept.RequestID != "" && kept.Op == opChime && v.unconfirmed == nil {
		v.unconfirmed = &session.Outgoing{Op: opChime, RequestID: kept.RequestID, Text: kept.Request, Kept: true}
		m.note.Say("your chime with no answer is kept: " + ui.KeyName(m.Keys.Send) +
			" on an empty composer sends it again (the same request: the room gets it once)")
	}
	if kept.Text != "" && m.composer.Blank() {
		m.composer.SetValue(kept.Text)
		if v.unconfirmed == nil {
			m.note.Say("your draft is back in the composer")
		}
	}
}

// onVisitKey handles a key on the visit screen: the composer's, Enter
// sending a chime.
func (m *Model) onVisitKey(msg tea.KeyPressMsg) tea.Cmd {
	v := m.visit
	switch {
	case key.Matches(msg, m.Keys.Sessions):
		m.visit, m.focus = nil, focusPicker
		m.layout()
		return m.reload("")
	case key.Matches(msg, m.Keys.New, m.Keys.Rename, m.Keys.Clone):
		return m.onActionKey(msg)
	case key.Matches(msg, m.Keys.Send):
		if v.sending {
			return nil
		}
		text, cmd, handled := m.visitSlash(m.composer.Value())
		if handled {
			return cmd
		}
		if m.tooLong(text) {
			return nil
		}
		out := m.newOutgoing(opChime, text)
		var keep tea.Cmd
		switch {
		case !m.composer.Blank():
			keep = m.remember(m.composer.Value())
			m.composer.SetValue("")
			m.note.Say("sending a chime…")
		case v.unconfirmed != nil:
			out = *v.unconfirmed
			m.note.Say("sending it again (the same request)…")
		default:
			return nil
		}
		v.sending, v.outbound = true, &out
		return tea.Batch(keep, sendChime(m.cfg.Context, m.cfg.Client, 0, v.id, out, true))
	}
	cmd := m.onComposer(msg)
	return cmd
}

// onVisitChimed records what the room did with a chime; a request the host
// refused puts its text back in the composer, a lost answer leaves the
// chime unconfirmed (enter sends the same request again).
func (m *Model) onVisitChimed(msg chimedMsg) {
	v := m.visit
	if v == nil {
		return
	}
	v.sending, v.outbound = false, nil
	if msg.err != nil && !session.HostRefused(msg.err) {
		v.unconfirmed = &msg.out
		m.setErr(msg.err)
		m.note.HideErr() // kept in the errors list
		m.note.Say(session.UnconfirmedNote(opChime, ui.KeyName(m.Keys.Send)))
		return
	}
	if u := v.unconfirmed; u != nil && u.RequestID == msg.out.RequestID {
		v.unconfirmed = nil
		if u.Kept && session.IsConflict(msg.err) { // an earlier run's request, under its own client id: it went then
			m.setErr(nil)
			m.note.Say("the host had this chime from your earlier run: it is not sent twice")
			return
		}
	}
	if m.failed(msg.err) {
		if client.ErrorCode(msg.err) == client.CodeNotFound {
			m.note.Qualify(" (or you have no role on its graph)")
		}
		m.refused(msg.err)
		m.composer.Restore(msg.out.Text)
		return
	}
	m.setErr(nil)
	now := m.cfg.Now()
	out, room := m.chimeWords(msg.res, now)
	ok := msg.res != nil && msg.res.Accepted
	pending := ok && msg.res.Status != "submitted"
	v.sent = append(v.sent, sentChime{text: msg.out.Text, at: now, outcome: out, ok: ok, pending: pending})
	v.room, v.roomAt = room, now
	m.note.Say(out)
	switch {
	case !ok:
		m.composer.Restore(escapeSlash(msg.out.Text)) // refused: the text is the person's still
		m.note.Add(" · your text is back in the composer")
	case pending:
		m.note.Add(" · " + pendingUnseen)
	}
}

// visitScreen draws the visit: the explanation, the chimes sent, the
// composer and the status line.
func (m *Model) visitScreen() (string, *tea.Cursor) {
	v := m.visit
	right := ui.SanitizeLine(v.id)
	if m.cfg.Client != nil {
		right = ui.SanitizeLine(m.cfg.Client.Graph()) + "/" + right
	}
	lines := m.heading("chiming into "+ui.SanitizeLine(v.id), right+" · not yours")
	ch := max(m.composerHeight(), 1)
	acct := m.accountP.Lines()
	h := max(m.high-len(lines)-2-ch-len(acct), 1)
	lines = append(lines, m.overlay(m.visitBody(h))...)
	rule := m.Styles.Rule.Render("── ") + m.Styles.AuthorLabel.Render("✉ "+m.roomAsOf()) + " "
	lines = append(lines, ui.Pad(rule+m.Styles.Rule.Render(strings.Repeat("─", max(m.width-xansi.StringWidth(rule), 0))), m.width))
	lines = append(lines, acct...)
	var cur *tea.Cursor
	if c := m.composer.Cursor(); c != nil && m.composer.Focused() {
		c.Position.Y += len(lines)
		cur = c
	}
	lines = append(lines, strings.Split(m.composer.View(), "\n")[:ch]...)
	lines = append(lines, m.status.NoteLine())
	return strings.Join(lines[:min(len(lines), m.high)], "\n"), cur
}

// visitBody is the explanation and the chimes sent, the newest at the
// bottom: exactly h lines.
func (m *Model) visitBody(h int) []string {
	w := m.width - len(transcript.BodyIndent)
	var out []string
	out = append(out, "")
	for _, l := range ui.WrapPlain(visitIntro, w) {
		out = append(out, transcript.BodyIndent+m.Styles.Notice.Render(l))
	}
	for _, c := range m.visit.sent {
		out = append(out, "", m.sentHeader(c))
		for _, l := range ui.WrapPlain(ui.Sanitize(c.text), w) {
			out = append(out, transcript.BodyIndent+m.Styles.Body.Render(l))
		}
		if c.pending {
			for _, l := range ui.WrapPlain(pendingUnseen, w) {
				out = append(out, transcript.BodyIndent+m.Styles.Notice.Render(l))
			}
		}
	}
	if len(out) > h {
		out = out[len(out)-h:]
	}
	for len(out) < h {
		out = append(out, "")
	}
	return out
}

// sentHeader is a sent chime's first line: what the room did with it, and
// when (the outcome's words carry the time).
func (m *Model) sentHeader(c sentChime) string {
	style := m.Styles.StatusGood
	if !c.ok {
		style = m.Styles.StatusError
	}
	h := m.Styles.UserLabel.Render("you → chime") + m.Styles.Time.Render(" · ") + style.Render(c.outcome)
	return ui.Pad(h, m.width)
}

// visitSlash runs a slash command typed while chiming (those that need no
// session of one's own: /help, /sessions, /key); "//text" chimes "/text";
// an unknown "/word" is chimed only after the person says so. It gives the
// text to chime when the draft is not a command.
func (m *Model) visitSlash(draft string) (text string, cmd tea.Cmd, handled bool) {
	l := parseSlash(draft)
	switch l.kind {
	case slashNone:
		return draft, nil, false
	case slashLiteral:
		return l.text, nil, false
	}
	chime := chimeAnyway{text: draft}
	return "", m.runCommand(l, draft, "Send it to the driver as a chime as it is?", "chime it as text", chime), true
}

// chimeDraft chimes text, as enter does on the visit, when it is still
// the draft (the dialog that asked may have outlived a change of screen).
func (m *Model) chimeDraft(text string) tea.Cmd {
	v := m.visit
	if v == nil || v.sending || m.composer.Value() != text {
		return nil
	}
	m.composer.SetValue("")
	m.note.Say("sending a chime…")
	v.sending = true
	return sendChime(m.cfg.Context, m.cfg.Client, 0, v.id, m.newOutgoing(opChime, text), true)
}
