package tui

import (
	"github.com/sophia-labs/vehicle/tui/manage"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/theme"
	"github.com/sophia-labs/vehicle/tui/session"
)

// TestSmallTerminals is trap 7: at 40x12 every dialog shows its keys; at
// 60x20 the help scrolls to its last key; picker titles keep 12 columns.
func TestSmallTerminals(t *testing.T) {
	t.Parallel()
	dialogs := []struct {
		name string
		open func(m *Model)
		keys []string
	}{
		{"rename", func(m *Model) { feed(m, keyRename) }, []string{"enter saves", "esc cancels"}},
		{"delete", func(m *Model) { feed(m, keyDelete) }, []string{"keep it (n↵)", "delete it (y↵)", "enter picks"}},
		{"deleted", func(m *Model) {
			out := client.DeleteOutcome{Deleted: client.Deleted{TrashedAs: "trash/s3-20261014"}}
			feed(m, manage.DeletedMsg{ID: "s3", Title: "Plan the trip", Outcome: &out})
		}, []string{"enter or esc closes this"}},
		{"offer", func(m *Model) {
			open(m, "s1")
			feed(m, session.OpenedMsg{Gen: m.tiles.Gen(), ID: "s1", Principal: "user:ada", Snap: snapshot(lease("user:ada", "cli-two")),
				ClaimErr: &client.Error{Status: 409, Code: client.CodeLeaseHeld, Message: "held",
					Details: []byte(`{"holder":{"principal":"user:ada","clientId":"cli-two"},"canTakeOver":true}`)}})
		}, []string{"▸ watch from here", "take over"}},
		{"help", func(m *Model) { feed(m, keyF1) }, []string{"f1 or esc"}},
		{"errors", func(m *Model) { feed(m, keyF3) }, []string{"esc closes this"}},
	}
	for _, d := range dialogs {
		t.Run("40x12 "+d.name, func(t *testing.T) {
			m := picking(t, 40, 12)
			d.open(m)
			if m.top() == nil {
				t.Fatalf("no dialog opened:\n%s", screen(m))
			}
			got := strings.Join(strings.Fields(strings.ReplaceAll(screen(m), "│", " ")), " ")
			for _, k := range d.keys {
				if !strings.Contains(got, k) {
					t.Errorf("the %s dialog at 40x12 does not show %q:\n%s", d.name, k, screen(m))
				}
			}
		})
	}
	t.Run("60x20 help scrolls", func(t *testing.T) {
		m := driven(t, 60, 20)
		feed(m, keyF1)
		if got := screen(m); !strings.Contains(got, "↑ ↓ scroll") || strings.Contains(got, "watch (offered)") {
			t.Fatalf("the help at 60x20 does not scroll:\n%s", got)
		}
		for range 300 {
			feed(m, keyDown)
		}
		if got := screen(m); !strings.Contains(got, "watch (offered)") {
			t.Errorf("scrolled down, the help does not reach its last key:\n%s", got)
		}
	})
	t.Run("picker titles keep 12 columns", func(t *testing.T) {
		m := picking(t, 40, 12)
		got := screen(m)
		if !strings.Contains(got, "Leases and …") {
			t.Errorf("a title at 40 columns is cut below 12 cells:\n%s", got)
		}
	})
}

// TestLightBackground is trap 7's light terminal: the light styles (and
// glamour's light style for code) from the start when COLORFGBG says so,
// and when the terminal answers the background query.
func TestLightBackground(t *testing.T) {
	t.Parallel()
	cfg := testConfig(t)
	cfg.Theme = theme.NewSet(false)
	cfg.Light = true
	m := newModel(t, cfg, 80, 24)
	if m.Styles != cfg.Theme.Light || m.transcript.Styles().Markdown != theme.MarkdownLight {
		t.Errorf("Config.Light did not start with the light styles (markdown %q)", m.transcript.Styles().Markdown)
	}
	cfg.Light = false
	m = newModel(t, cfg, 80, 24)
	feed(m, tea.BackgroundColorMsg{Color: lightWhite{}})
	if m.Styles != cfg.Theme.Light || m.transcript.Styles().Markdown != theme.MarkdownLight {
		t.Error("a light background answer did not switch to the light styles")
	}
}

// lightWhite is a white background colour.
type lightWhite struct{}

func (lightWhite) RGBA() (r, g, b, a uint32) { return 0xffff, 0xffff, 0xffff, 0xffff }
