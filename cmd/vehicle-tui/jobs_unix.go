//go:build unix

package main

import (
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"

	tea "charm.land/bubbletea/v2"
)

// Who has the terminal, for job control.
const (
	jobOwned      int32 = iota // the UI draws: a SIGTSTP asks it to suspend
	jobAsked                   // a SIGTSTP asked the UI to suspend; it has not yet
	jobSuspending              // the UI gave the terminal back: the SIGTSTP it sends stops the process
	jobLent                    // the editor has the terminal: a SIGTSTP stops the process at once
)

// jobControl makes the UI a shell job like other full-screen programs. A
// SIGTSTP from outside (kill -TSTP, a shell's suspend) has the UI give the
// terminal back (the normal screen, no mouse reporting, the modes it found)
// before the process stops, as ctrl+z does; after fg (SIGCONT) Bubble Tea
// takes the terminal again and redraws. Catching SIGTSTP turns its default
// stop off for good, so the process stops itself with SIGSTOP when the
// stop is due: the terminal given back, or lent to the editor.
type jobControl struct {
	state atomic.Int32
	tstp  chan os.Signal
	done  chan struct{}
}

// startJobControl catches SIGTSTP; run hands it the program.
func startJobControl() *jobControl {
	j := &jobControl{tstp: make(chan os.Signal, 1), done: make(chan struct{})}
	signal.Notify(j.tstp, syscall.SIGTSTP)
	return j
}

// run answers each SIGTSTP until stop: the UI is asked to suspend (send),
// or the process stops.
func (j *jobControl) run(send func(tea.Msg)) {
	go func() {
		for {
			select {
			case <-j.done:
				return
			case <-j.tstp:
			}
			switch j.state.Load() {
			case jobOwned:
				if j.state.CompareAndSwap(jobOwned, jobAsked) {
					go send(tea.SuspendMsg{})
				}
			case jobSuspending, jobLent:
				_ = syscall.Kill(os.Getpid(), syscall.SIGSTOP)
			}
		}
	}()
}

// filter is the program's message filter: it sees the UI suspend and
// resume.
func (j *jobControl) filter(_ tea.Model, msg tea.Msg) tea.Msg {
	switch msg.(type) {
	case tea.SuspendMsg:
		j.state.Store(jobSuspending)
	case tea.ResumeMsg:
		j.state.Store(jobOwned)
	}
	return msg
}

// lend is told when the editor has the terminal and when it gives it back.
func (j *jobControl) lend(lent bool) {
	if lent {
		j.state.Store(jobLent)
	} else {
		j.state.Store(jobOwned)
	}
}

// stop ends job control: a SIGTSTP from now on is ignored, as the UI is
// over.
func (j *jobControl) stop() {
	close(j.done)
	signal.Stop(j.tstp)
}
