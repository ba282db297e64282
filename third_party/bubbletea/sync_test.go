package tea

import (
	"bytes"
	"strings"
	"testing"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// TestSynchronizedOutputQueried: the terminal is asked about mode 2026
// everywhere but in Apple Terminal, SSH sessions included.
func TestSynchronizedOutputQueried(t *testing.T) {
	for _, tc := range []struct {
		env  []string
		want bool
	}{
		{[]string{"TERM=xterm-256color"}, true},
		{[]string{"TERM=xterm-256color", "SSH_TTY=/dev/pts/3"}, true},
		{[]string{"TERM=screen-256color", "TERM_PROGRAM=tmux", "SSH_TTY=/dev/pts/3"}, true},
		{[]string{"TERM=xterm-256color", "TERM_PROGRAM=Apple_Terminal"}, false},
		{[]string{"TERM=xterm-256color", "TERM_PROGRAM=Apple_Terminal", "WT_SESSION=1"}, true},
		{[]string{"TERM=xterm-kitty", "TERM_PROGRAM=Apple_Terminal"}, true},
	} {
		if got := shouldQuerySynchronizedOutput(uv.Environ(tc.env)); got != tc.want {
			t.Errorf("%q: query %v, want %v", tc.env, got, tc.want)
		}
	}
}

// reportModel draws one line, and another once the terminal has answered
// the query for mode 2026; then it quits.
type reportModel struct{ text string }

func (m reportModel) Init() Cmd { return nil }

func (m reportModel) Update(msg Msg) (Model, Cmd) {
	if r, ok := msg.(ModeReportMsg); ok && r.Mode == ansi.ModeSynchronizedOutput {
		return reportModel{text: "final frame"}, Quit
	}
	return m, nil
}

func (m reportModel) View() View { return NewView(m.text) }

// TestSynchronizedOutputWrapsFramesOnceAnswered: once the terminal answers
// that it knows mode 2026 (reset, or set), every frame is written between
// its begin and end; a terminal that does not know the mode gets none.
func TestSynchronizedOutputWrapsFramesOnceAnswered(t *testing.T) {
	for _, tc := range []struct {
		name, answer string
		wrapped      bool
	}{
		{"reset", "\x1b[?2026;2$y", true},
		{"set", "\x1b[?2026;1$y", true},
		{"not recognized", "\x1b[?2026;0$y", false},
		{"permanently reset", "\x1b[?2026;4$y", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			p := NewProgram(reportModel{text: "first"}, WithInput(strings.NewReader(tc.answer)),
				WithOutput(&out), WithEnvironment([]string{"TERM=xterm-256color", "SSH_TTY=/dev/pts/3"}),
				WithWindowSize(40, 4))
			if _, err := p.Run(); err != nil {
				t.Fatal(err)
			}
			got := out.String()
			if !strings.Contains(got, ansi.RequestModeSynchronizedOutput) {
				t.Fatalf("the terminal was not asked; output %q", got)
			}
			begin, end := strings.LastIndex(got, ansi.SetModeSynchronizedOutput), strings.LastIndex(got, ansi.ResetModeSynchronizedOutput)
			text := strings.LastIndex(got, "final frame")
			if text < 0 {
				t.Fatalf("the last frame was not drawn; output %q", got)
			}
			if wrapped := begin >= 0 && begin < text && text < end; wrapped != tc.wrapped {
				t.Errorf("the last frame wrapped %v, want %v; output %q", wrapped, tc.wrapped, got)
			}
		})
	}
}
