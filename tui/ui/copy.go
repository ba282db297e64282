package ui

import (
	"bytes"
	"context"
	"os/exec"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
)

// Copying. A terminal takes a copy as OSC 52, and may drop it without a
// word (tmux does under its default set-clipboard external): the words
// say what was done, sent to the terminal, never that it reached the
// clipboard. Inside tmux the text goes through tmux's own buffer instead
// (tmux load-buffer -w -: tmux also sends it on to the outer terminal's
// clipboard when it can), and tmux's answer is what the note says.

// tmuxWait bounds the tmux command a copy runs.
const tmuxWait = 5 * time.Second

// Copy copies text, named by what ("the entry", "code block 2 of 3 ·
// go · 12 lines"): through tmux's buffer inside tmux (ctx.Tmux), whose
// answer comes back as a CopiedMsg, else as OSC 52 to the terminal.
func Copy(ctx *Context, text, what string) (tea.Cmd, Action) {
	size := Thousands(len([]rune(text))) + " characters"
	if !ctx.Tmux {
		return tea.SetClipboard(text), Note{Text: SentOSC52(what, size)}
	}
	return func() tea.Msg {
		c, cancel := context.WithTimeout(context.Background(), tmuxWait)
		defer cancel()
		cmd := exec.CommandContext(c, "tmux", "load-buffer", "-w", "-")
		cmd.Stdin = strings.NewReader(text)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		if err != nil && stderr.Len() > 0 {
			err = &tmuxError{err: err, said: SanitizeLine(strings.TrimSpace(stderr.String()))}
		}
		return CopiedMsg{Text: text, What: what, Size: size, Err: err}
	}, nil
}

// SentOSC52 is the note of a copy sent to the terminal as OSC 52.
func SentOSC52(what, size string) string {
	return "sent " + what + " to the terminal as OSC 52 (" + size + "): the clipboard, if it allows"
}

// CopiedMsg is tmux's answer to a copy: Err is nil once the text is in
// its buffer.
type CopiedMsg struct {
	Text, What, Size string
	Err              error
}

// Outcome is what the root does with tmux's answer: the note that says
// what was done; when tmux did not take it, the text goes to the terminal
// as OSC 52 instead, and the note says how tmux lets that through.
func (m CopiedMsg) Outcome() (tea.Cmd, Action) {
	if m.Err == nil {
		return nil, Note{Text: "copied " + m.What + " into tmux's paste buffer (" + m.Size +
			"; tmux load-buffer -w also hands it to your terminal's clipboard when it can)"}
	}
	return tea.SetClipboard(m.Text), Note{Text: "tmux did not take " + m.What + " (" + m.Err.Error() + "): " +
		SentOSC52("it", m.Size) + "; inside tmux it passes with set -g set-clipboard on"}
}

// tmuxError is a tmux command's failure with what tmux said.
type tmuxError struct {
	err  error
	said string
}

func (e *tmuxError) Error() string { return e.said }
func (e *tmuxError) Unwrap() error { return e.err }
