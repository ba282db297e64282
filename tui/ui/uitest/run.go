package uitest

import tea "charm.land/bubbletea/v2"

// Run runs cmd in the background as the program would, each command of a
// Batch on its own, and hands every message they answer with (nil ones
// left out) to deliver, from their goroutines. deliver must not block for
// good once the test ends (select on the test's own end).
func Run(cmd tea.Cmd, deliver func(tea.Msg)) {
	if cmd == nil {
		return
	}
	go func() {
		msg := cmd()
		if b, ok := msg.(tea.BatchMsg); ok {
			for _, c := range b {
				Run(c, deliver)
			}
			return
		}
		if msg != nil {
			deliver(msg)
		}
	}()
}
