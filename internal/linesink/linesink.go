// Package linesink collects what a program writes, line by line, and wakes
// whoever waits for the next line. Tests use it to read a ride's or a line
// mode's output as it comes.
package linesink

import (
	"bytes"
	"sync"
)

// Sink is an io.Writer that keeps the complete lines written to it.
type Sink struct {
	mu      sync.Mutex
	partial []byte
	lines   []string
	changed chan struct{}
}

// New makes an empty sink.
func New() *Sink { return &Sink{changed: make(chan struct{})} }

// Write implements io.Writer: it keeps each complete line, without its
// newline, and wakes the waiters.
func (s *Sink) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.partial = append(s.partial, p...)
	for {
		i := bytes.IndexByte(s.partial, '\n')
		if i < 0 {
			break
		}
		s.lines = append(s.lines, string(s.partial[:i]))
		s.partial = s.partial[i+1:]
	}
	close(s.changed)
	s.changed = make(chan struct{})
	return len(p), nil
}

// Lines returns the complete lines so far and a channel closed at the next
// write.
func (s *Sink) Lines() ([]string, <-chan struct{}) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.lines...), s.changed
}
