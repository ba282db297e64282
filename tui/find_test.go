package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
)

// TestPaletteFindsByPeoplesWords (issue 36): the palette finds every
// action by the words people use for it, not only by its name: typed
// alone, each word puts its action first, and enter runs it.
func TestPaletteFindsByPeoplesWords(t *testing.T) {
	t.Parallel()
	cases := []struct {
		word, action string
		ran          func(m *Model, cmd tea.Cmd) bool
	}{
		{"search", "Search the transcript", func(m *Model, _ tea.Cmd) bool { return m.focus == focusSearch }},
		{"find", "Search the transcript", func(m *Model, _ tea.Cmd) bool { return m.focus == focusSearch }},
		{"delete", "Delete this session", isDeleteQuestion},
		{"remove", "Delete this session", isDeleteQuestion},
		{"watch", "Watch a session by its id", func(m *Model, _ tea.Cmd) bool { return dialog.Is[*dialog.AskWatch](m.top()) }},
		{"budget", "New session", func(m *Model, _ tea.Cmd) bool { return dialog.Is[*dialog.NewSession](m.top()) }},
		{"ttl", "New session", func(m *Model, _ tea.Cmd) bool { return dialog.Is[*dialog.NewSession](m.top()) }},
		{"export", "Export the transcript", isExporting},
		{"save", "Export the transcript", isExporting},
		{"copy", "Copy an entry", func(m *Model, _ tea.Cmd) bool {
			return m.focus == focusEntries && strings.Contains(m.note.Text(), "y then enter copies it")
		}},
		{"quit", "Quit", func(_ *Model, cmd tea.Cmd) bool {
			_, quits := cmd().(tea.QuitMsg)
			return cmd != nil && quits
		}},
	}
	for _, c := range cases {
		t.Run(c.word, func(t *testing.T) {
			m := driven(t, 100, 30)
			feed(m, keyCtrlP)
			feed(m, typing(c.word)...)
			if s := screen(m); !strings.Contains(s, "▸ "+c.action) {
				t.Fatalf("%q does not put %q first:\n%s", c.word, c.action, s)
			}
			_, cmd := m.Update(keyEnter)
			if dialog.Is[*dialog.Palette](m.top()) || !c.ran(m, cmd) {
				t.Fatalf("enter on %q did not run it: top %T, focus %d, note %q", c.action, m.top(), m.focus, m.note.Text())
			}
		})
	}
}

// isDeleteQuestion reports whether the delete's question shows.
func isDeleteQuestion(m *Model, _ tea.Cmd) bool {
	return dialog.Is[*dialog.Choice](m.top()) && strings.Contains(screen(m), "Delete “Leases”")
}

// isExporting reports whether an export was started.
func isExporting(m *Model, cmd tea.Cmd) bool {
	return cmd != nil && m.note.Text() == "exporting the transcript…"
}

// TestHelpListsEveryAction (issue 36): f1 lists every action of the
// palette, by its slash command (with what it takes and its key) or, for
// one with none, by its key: delete, export, search, watch and quit too.
func TestHelpListsEveryAction(t *testing.T) {
	t.Parallel()
	m := driven(t, 120, 40)
	feed(m, keyF1)
	var listed []string
	for range 400 {
		if s := screen(m); len(listed) == 0 || s != listed[len(listed)-1] {
			listed = append(listed, s)
		} else {
			break // the help's end: ↓ moves it no more
		}
		feed(m, keyDown)
	}
	all := strings.Join(listed, "\n")
	for _, a := range m.actions() {
		name := a.name
		if a.slash == "policy" {
			name = "the room's policy"
		}
		if !strings.Contains(all, name) {
			t.Errorf("the help does not list %q", a.name)
		}
	}
	for _, want := range []string{"/delete", "Delete this session (f8)", "/export [PATH]", "/search [WORDS]",
		"Search the transcript (ctrl+f)", "/watch ID", "/quit", "Quit (ctrl+c)", "/copy", "Take over / take back"} {
		if !strings.Contains(all, want) {
			t.Errorf("the help does not say %q", want)
		}
	}
}

// TestUnknownCommandSaysTheNearest (issue 36): a slash word that names no
// command says so on the status line (the note before it goes) and names
// the nearest command, which the question offers to run instead; with
// none near, it says it is unknown all the same.
func TestUnknownCommandSaysTheNearest(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ typed, says, runs string }{
		{"/clear", "/clear is not a command; the nearest is /new (New session)", "/new"},
		{"/exprot notes.md", "/exprot is not a command; the nearest is /export (Export the transcript)", "/export"},
		{"/find leases", "/find is not a command; the nearest is /search (Search the transcript)", "/search"},
		{"/zzzz", "/zzzz is not a command · ctrl+p lists them", ""},
	} {
		t.Run(c.typed, func(t *testing.T) {
			m := driven(t, 120, 30)
			m.note.Say("an old note that must go")
			feed(m, typing(c.typed)...)
			feed(m, keyEnter)
			s := screen(m)
			status := s[strings.LastIndex(strings.TrimSuffix(s, "\n"), "\n")+1:]
			if !strings.Contains(status, c.says) || strings.Contains(s, "an old note") || !dialog.Is[*dialog.Choice](m.top()) {
				t.Fatalf("the status line is %q, want %q; top %T:\n%s", status, c.says, m.top(), s)
			}
			if c.runs == "" {
				if strings.Contains(s, "instead") {
					t.Errorf("with no command near, one is offered:\n%s", s)
				}
				return
			}
			if !strings.Contains(s, "run "+c.runs+" instead") {
				t.Fatalf("the question does not offer %s:\n%s", c.runs, s)
			}
			feed(m, keyDown, keyEnter)
			switch c.runs {
			case "/new":
				if !dialog.Is[*dialog.NewSession](m.top()) {
					t.Errorf("run /new instead: top %T", m.top())
				}
			case "/export":
				if m.note.Text() != "exporting the transcript…" {
					t.Errorf("run /export instead: note %q", m.note.Text())
				}
			case "/search":
				if m.focus != focusSearch || m.transcript.Search().Query() != "leases" {
					t.Errorf("run /search instead: focus %d, query %q", m.focus, m.transcript.Search().Query())
				}
			}
		})
	}
}

// TestEnterWhileOpeningSaysSo: enter before the session has opened sends
// nothing and says so (it did nothing, leaving the status line as it was);
// a slash command runs.
func TestEnterWhileOpeningSaysSo(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t)
	cfg.SessionID = "s1"
	m := newModel(t, cfg, 100, 30)
	_ = m.Init() // the tile opens; its requests are never run: the session stays opening
	feed(m, typing("hello")...)
	feed(m, keyEnter)
	if !strings.Contains(m.note.Text(), "the session is still opening") || m.composer.Value() != "hello" {
		t.Fatalf("enter while opening: note %q, composer %q", m.note.Text(), m.composer.Value())
	}
	m.composer.SetValue("/help")
	feed(m, keyEnter)
	if !dialog.Is[*dialog.Help](m.top()) {
		t.Errorf("/help while opening: top %T", m.top())
	}
}

// TestWatchByID (issue 36): watching a session is found from the screen:
// the palette's Watch asks for an id and opens the session without this
// terminal claiming its lease (its other terminal goes on driving); an id
// the host does not show this person (another's session, or none) is said
// as such, the session open stays open, and what works is offered: another
// id, the person's sessions, or chiming into it.
func TestWatchByID(t *testing.T) {
	t.Parallel()
	srv, _ := host(t)
	one := person(t, srv, "ada-token", "cli-one")
	watched := newSession(t, one, "Driven elsewhere") // held by Ada's other terminal
	bos := newSession(t, person(t, srv, "bo-token", "cli-bo"), "Bo's own")
	two := person(t, srv, "ada-token", "cli-two")
	cfg := hostConfig(t, two)
	cfg.SessionID = newSession(t, two, "Here")
	a := drive(t, "ada", cfg, 120, 30)
	a.see("vehicle · Here", "● you drive from this terminal")

	a.send(keyCtrlP)
	a.send(typing("watch")...)
	a.send(keyEnter)
	a.seeBoxed("Watch a session", "Session id:")
	a.send(typing(bos)...)
	a.send(keyEnter)
	a.seeBoxed("No session to watch", "The host has no session "+bos+" on graph demo that you can read",
		"close", "watch another id", "your sessions (ctrl+o)", "chime into "+bos)
	if s := a.m.tiles.Focused(); s == nil || s.ID() != cfg.SessionID {
		t.Fatalf("the session open was closed by a look-up that found nothing")
	}
	a.send(keyDown, keyEnter) // watch another id
	a.seeBoxed("Watch a session")
	a.send(typing(watched)...)
	a.send(keyEnter)
	a.see("vehicle · Driven elsewhere", "◐ your other terminal drives",
		"watching "+watched+": this terminal does not claim its lease (ctrl+t takes it over)")
	for _, ev := range srv.Events(watched) {
		if ev.Type == client.EvLeaseClaimed || ev.Type == client.EvLeaseRevoked {
			var l client.LeaseValue
			_ = ev.Decode(&l)
			if l.ClientID == "cli-two" || ev.Type == client.EvLeaseRevoked {
				t.Fatalf("watching claimed or took the lease: %s %+v", ev.Type, l)
			}
		}
	}

	a.send(typing("/watch " + bos)...)
	a.send(keyEnter)
	a.seeBoxed("No session to watch")
	a.send(keyDown, keyDown, keyDown, keyEnter) // chime into it
	a.see("chiming into " + bos)
}
