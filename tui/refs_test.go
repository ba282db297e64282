package tui

import (
	"slices"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/session"
)

// TestRefChips: --context refs show as chips over the composer at 80x24,
// the send takes them, and a refusal by the host gives them back with the
// text (a text that began with "/" comes back as "//").
func TestRefChips(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t)
	cfg.ContextRefs = []string{"doc-1", "doc-2", "doc-1"}
	m := opened(t, cfg, 80, 24, snapshot(lease("user:ada", "cli-me")), nil)
	s := screen(m)
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	at := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "⊕ doc-1 ⊕ doc-2 · alt+x drops the last") })
	if len(lines) != 24 || at < 0 || at+1 >= len(lines) || !strings.HasPrefix(lines[at+1], "┃ write a message") {
		t.Fatalf("the chips are not over the composer:\n%s", s)
	}

	feed(m, typing("/etc please")...)
	m.composer.SetValue("//etc please")
	_, cmd := m.Update(keyEnter)
	if cmd == nil || len(m.refs.IDs()) != 0 || m.tiles.Focused().Unconfirmed() != nil {
		t.Fatalf("the send did not take the refs: cmd %v, refs %q", cmd != nil, m.refs.IDs())
	}
	if strings.Contains(screen(m), "⊕") {
		t.Fatal("the chips stay while the send is on its way")
	}
	feed(m, typing("/ref doc-3")...)
	feed(m, keyEnter)
	out := session.Outgoing{Op: client.OpPrompt, RequestID: "rq1", Text: "/etc please", Refs: []string{"doc-1", "doc-2"}}
	refused := &client.Error{Status: 409, Code: client.CodeLeaseRequired, Message: "claim first"}
	feed(m, session.SentMsg{Gen: m.tiles.Gen(), Out: out, Err: refused})
	if !slices.Equal(m.refs.IDs(), []string{"doc-1", "doc-2", "doc-3"}) {
		t.Fatalf("after the refusal the refs are %q", m.refs.IDs())
	}
	if got := m.composer.Value(); got != "//etc please" {
		t.Fatalf("the refused text came back as %q", got)
	}
	if req := out.TextRequest(); !slices.Equal(req.ContextRefs, []string{"doc-1", "doc-2"}) {
		t.Fatalf("the request carries %q", req.ContextRefs)
	}
}

// TestRefRefusals: a bad /ref keeps the text and says what to do; the
// unref key with none says how to attach one.
func TestRefRefusals(t *testing.T) {
	t.Parallel()
	m := opened(t, testConfig(t), 80, 24, snapshot(lease("user:ada", "cli-me")), nil)
	for _, c := range []struct{ draft, says string }{
		{"/ref", "say the id: /ref ID"},
		{"/ref " + strings.Repeat("x", 201), "longer than 200 characters"},
		{"/unref", "no context refs to drop: /ref ID attaches one"},
	} {
		m.composer.SetValue(c.draft)
		feed(m, keyEnter)
		if m.composer.Value() != c.draft || !strings.Contains(m.note.Text(), c.says) {
			t.Errorf("%.20q: composer %.20q, note %q", c.draft, m.composer.Value(), m.note.Text())
		}
	}
	m.composer.SetValue("/ref doc-1")
	feed(m, keyEnter)
	m.composer.SetValue("/unref doc-9")
	feed(m, keyEnter)
	if m.composer.Value() != "/unref doc-9" || !strings.Contains(m.note.Text(), "“doc-9” is not attached: your next message carries doc-1") {
		t.Errorf("/unref of an id not attached: composer %q, note %q", m.composer.Value(), m.note.Text())
	}
	m.composer.SetValue("")
	feed(m, keyAltX, keyAltX)
	if !strings.Contains(screen(m), "no context refs to drop") {
		t.Fatalf("alt+x with no refs says nothing:\n%s", screen(m))
	}
}
