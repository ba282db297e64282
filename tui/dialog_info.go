package tui

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// What a session is: its profile and box, its model, who pays for it and
// what the person may do in it. The header and the picker show it short;
// the info dialog shows it whole, with where the record lives.

// Funding and access values of a summary.
const (
	fundingMember = "member" // the house pays: the graph's own member
	accessReader  = "reader" // a viewer's session: the reader tools only
)

// profileText is a summary's profile: "chat", or "agent · bwrap" with its
// box.
func profileText(s client.Summary) string {
	p := orWords(ui.SanitizeLine(s.Profile), client.ProfileChat)
	if s.Isolation != "" {
		p += " · " + ui.SanitizeLine(s.Isolation)
	}
	return p
}

// modelShort is a model's last path segment ("gpt-6-luna" for
// "openrouter/openai/gpt-6-luna"), for one-line places.
func modelShort(model string) string {
	model = ui.SanitizeLine(model)
	if i := strings.LastIndex(model, "/"); i >= 0 && i < len(model)-1 {
		return model[i+1:]
	}
	return model
}

// fundingText says who pays: "byok", "credit", or "house" for a member's
// session on the host's own key.
func fundingText(funding string) string {
	switch funding {
	case "", fundingMember:
		return "house"
	}
	return ui.SanitizeLine(funding)
}

// readOnly reports whether the person only reads in the session: a
// viewer's session, or a role that dropped to viewer.
func readOnly(s client.Summary, reduced bool) bool {
	return reduced || s.Access == accessReader
}

// sessionFacts is the header's short line of what the session is:
// "agent · bwrap · gpt-6-luna · byok · read-only".
func sessionFacts(s client.Summary, reduced bool) string {
	facts := []string{profileText(s)}
	if m := modelShort(s.Model); m != "" {
		facts = append(facts, m)
	}
	facts = append(facts, fundingText(s.Funding))
	if readOnly(s, reduced) {
		facts = append(facts, "read-only")
	}
	return strings.Join(facts, " · ")
}

// pickerKind is a listed session's profile and model, for the picker
// ("agent gpt-6-luna"; the box is in the session's header).
func pickerKind(s client.Summary) string {
	p := orWords(ui.SanitizeLine(s.Profile), client.ProfileChat)
	if m := modelShort(s.Model); m != "" {
		p += " " + m
	}
	return p
}

// mirrorText says where the session's record lives in the graph.
func mirrorText(m client.Mirror, c *common, loc *time.Location) []string {
	doc := ui.SanitizeLine(m.DocumentID)
	switch m.State {
	case "written":
		line := "✓ written to document " + doc
		if m.WrittenAt != nil {
			line += " at " + m.WrittenAt.In(loc).Format("2006-01-02 15:04:05")
		}
		out := []string{c.Styles.StatusGood.Render(line)}
		if m.Folder != "" {
			out = append(out, "  in the folder "+ui.SanitizeLine(m.Folder))
		}
		return out
	case "failed":
		where := ""
		if doc != "" {
			where = " (document " + doc + ")"
		}
		return []string{c.Styles.StatusError.Render("✗ the last write failed" + where + ": " +
			orWords(ui.SanitizeLine(m.Error), "no message")), "  it is tried again after the next run settles"}
	case "pending":
		return []string{"· pending: written after the next run settles"}
	case "skipped":
		return []string{"· skipped: " + orWords(ui.SanitizeLine(m.Reason), "the host gave no reason")}
	case "off":
		return []string{"· off: this host does not mirror sessions into the graph"}
	}
	return []string{"· the host has not said (" + orWords(ui.SanitizeLine(m.State), "no state") + ")"}
}

// infoDialog shows what the open session is, who pays and where its record
// lives. It reads the session's state as it changes.
type infoDialog struct {
	c       *common
	state   *client.State
	graph   string
	reduced bool
	loc     *time.Location
	w, h    int
}

// ShortHelp lists the dialog's keys.
func (d *infoDialog) ShortHelp() []key.Binding { return []key.Binding{d.c.Keys.Dismiss} }

// FullHelp lists the dialog's keys.
func (d *infoDialog) FullHelp() [][]key.Binding { return [][]key.Binding{d.ShortHelp()} }

// SetSize takes the screen's size.
func (d *infoDialog) SetSize(w, h int) { d.w, d.h = w, h }

// Update closes on the dismiss key, or the info key pressed again.
func (d *infoDialog) Update(msg tea.Msg) (tea.Cmd, bool) {
	k, ok := msg.(tea.KeyPressMsg)
	return nil, ok && key.Matches(k, d.c.Keys.Dismiss, d.c.Keys.Info, d.c.Keys.Confirm)
}

// View draws the session's facts and its mirror.
func (d *infoDialog) View() string {
	s := d.state.Session
	access := "you may drive it"
	switch {
	case d.reduced:
		access = "read-only: your role on the graph dropped to viewer"
	case s.Access == accessReader:
		access = "read-only: a viewer's session (the reader tools; never mirrored)"
	}
	funding := map[string]string{"byok": "byok: your own model key pays",
		"credit": "credit: your account's credit pays"}[s.Funding]
	if funding == "" {
		funding = fundingText(s.Funding) + ": the host's own key pays"
	}
	lines := []string{
		"session  " + ui.SanitizeLine(s.SessionID) + " in " + ui.SanitizeLine(d.graph),
		"profile  " + profileText(s),
		"model    " + orWords(ui.SanitizeLine(s.Model), "the host's default"),
		"funding  " + funding,
		"access   " + access,
		"body     " + orWords(ui.SanitizeLine(s.Body), "unknown"),
		"",
		d.c.Styles.OverlayTitle.Render("Where the record lives"),
	}
	lines = append(lines, mirrorText(d.state.Mirror, d.c, d.loc)...)
	lines = append(lines, "", d.c.Hint(d.c.Keys.Dismiss, "closes this"))
	return ui.Box(d.c.Styles, "Session", strings.Join(lines, "\n"), d.w, d.h)
}

// openInfo shows the open session's info dialog; before the session has
// opened there is nothing to show yet, and the note says so.
func (m *Model) openInfo() {
	s := m.sess
	if s == nil || s.state == nil {
		m.note = "the session is still opening"
		return
	}
	graph := ""
	if m.cfg.Client != nil {
		graph = m.cfg.Client.Graph()
	}
	m.push(&infoDialog{c: m.common, state: s.state, graph: graph, reduced: s.reduced, loc: m.cfg.Location})
}

// newRequest is what a new session is made with: --no-claim makes it
// without the lease (claim: false); the next message claims it.
func (c *common) newRequest() client.CreateRequest {
	req := c.cfg.NewSession
	if c.cfg.NoClaim {
		no := false
		req.Claim = &no
	}
	return req
}

// unclaimedRole is the role in a session opened without a claim: watch,
// but for a session this terminal made with --no-claim, which is the
// person's own: its next message claims the lease.
func (m *Model) unclaimedRole(s *session) role {
	if s.created && !m.cfg.Watch {
		return roleDrive
	}
	return roleWatch
}

// profileRefusal says what a create refused for its profile means and
// what to do; "" for any other refusal.
func profileRefusal(code string) string {
	const chat = "vehicle --new without --profile agent"
	switch code {
	case client.CodeForbiddenProfile:
		return "An agent session (a body with read, write, edit and bash in its own folder) is for an owner " +
			"of the graph only. Start a chat session instead: " + chat + "."
	case client.CodeIsolationUnavailable:
		return "This host cannot make the box an agent's body runs in. A chat session needs no box: " + chat +
			"; or ask the host's operator to fix its isolation."
	case client.CodeNotImplemented:
		return "This host's isolation tier is not implemented for agent sessions. A chat session needs no box: " + chat + "."
	}
	return ""
}

// explainRefusal shows a create refused for its profile whole, with what
// the refusal means, over the status line that cuts it.
func (m *Model) explainRefusal(err error) {
	meaning := profileRefusal(client.ErrorCode(err))
	if meaning == "" {
		return
	}
	m.push(&errorsDialog{c: m.common, title: "The session was not created",
		errs: []string{describe(err, &m.Keys) + "\n\n" + meaning}})
}
