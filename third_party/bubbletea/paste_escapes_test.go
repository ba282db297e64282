package tea

import (
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

// pasteWithEscapes is a paste of text with escape sequences of every kind
// the decoder acted on: SGR, an OSC with its text, a clear, a DCS, an
// alt+key, an arrow, a lone ESC and a mouse report that ate what followed.
const pasteWithEscapes = "a1 \x1b[31mred\x1b[0m a2 \x1b]0;title\x07 a3 \x1bx a4 \x1b[A a5 \x1b[2J a6 \x1bP1$r\x1b\\ a7 \x1b a8 \x1b[M abc a9 "

// TestPasteReader: the input is handed on as it came but for ESC inside a
// paste, whatever the reads' sizes (markers cut between reads).
func TestPasteReader(t *testing.T) {
	in := "x\x1b[A" + pasteStart + "p\x1b[20\x1b" + pasteEnd + "\x1b[20" + "0~q\x1b" + pasteEnd + "\x1bz"
	want := "x\x1b[A" + pasteStart + "p" + pasteESC + "[20" + pasteESC + pasteEnd + "\x1b[200~q" + pasteESC + pasteEnd + "\x1bz"
	for name, r := range map[string]io.Reader{
		"whole":         strings.NewReader(in),
		"a byte a read": iotest.OneByteReader(strings.NewReader(in)),
		"half reads":    iotest.HalfReader(strings.NewReader(in)),
	} {
		got, err := io.ReadAll(&pasteReader{r: r})
		if err != nil || string(got) != want {
			t.Errorf("%s: %q, %v; want %q", name, got, err, want)
		}
	}
}

// TestPasteKeepsEscapes (vehicle, issue 27 item 16): a PasteMsg holds what
// was pasted, escape sequences included; keys around it are keys.
func TestPasteKeepsEscapes(t *testing.T) {
	pr, pw := io.Pipe()
	go func() {
		_, _ = pw.Write([]byte(pasteStart + pasteWithEscapes + pasteEnd + "q"))
	}()
	m := &pasteModel{}
	p := NewProgram(m, WithInput(pr), WithOutput(io.Discard))
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = p.Run()
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		p.Kill()
		t.Fatal("the program did not end on q")
	}
	_ = pw.Close()
	if len(m.pastes) != 1 || m.pastes[0] != pasteWithEscapes {
		t.Errorf("pastes %q, want %q", m.pastes, pasteWithEscapes)
	}
}

// pasteModel records pastes and quits on q.
type pasteModel struct{ pastes []string }

func (m *pasteModel) Init() Cmd { return nil }

func (m *pasteModel) Update(msg Msg) (Model, Cmd) {
	switch msg := msg.(type) {
	case PasteMsg:
		m.pastes = append(m.pastes, msg.Content)
	case KeyPressMsg:
		if msg.String() == "q" {
			return m, Quit
		}
	}
	return m, nil
}

func (m *pasteModel) View() View { return NewView("") }
