package keep

import (
	"errors"
	"sync"

	tea "charm.land/bubbletea/v2"
)

// Writes is the writes to disk asked for by command (a draft kept, the
// input history, the sessions open last), each done once: by its command,
// or by Flush when the program ended before the command ran or while it
// runs. A draft cleared just before ctrl+c quits is then kept, not lost
// with the process. Its zero value is ready.
type Writes struct {
	mu    sync.Mutex
	queue []*write // asked for, not known to be done
}

// write is one write and whether it was done.
type write struct {
	once  sync.Once
	write func() error
	err   error
}

// do writes, the first time it is called; later calls wait for that one.
func (w *write) do() error {
	w.once.Do(func() { w.err = w.write() })
	return w.err
}

// Cmd is a command that writes with fn and hands its error to msg (nil for
// no message).
func (d *Writes) Cmd(fn func() error, msg func(error) tea.Msg) tea.Cmd {
	w := &write{write: fn}
	d.mu.Lock()
	d.queue = append(d.queue, w)
	d.mu.Unlock()
	return func() tea.Msg {
		err := d.inOrder(w)
		d.done(w)
		if msg == nil {
			return nil
		}
		return msg(err)
	}
}

// inOrder does the writes asked for before w that are not done yet (their
// errors are their own commands' to say), then w, and returns w's error:
// commands run at once, in any order, so two texts kept in the history one
// after the other could land the other way round.
func (d *Writes) inOrder(w *write) error {
	d.mu.Lock()
	var before []*write
	for _, q := range d.queue {
		if q == w {
			break
		}
		before = append(before, q)
	}
	d.mu.Unlock()
	for _, q := range before {
		_ = q.do()
	}
	return w.do()
}

// done takes a write its command did off the queue.
func (d *Writes) done(w *write) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for i, q := range d.queue {
		if q == w {
			d.queue = append(d.queue[:i], d.queue[i+1:]...)
			return
		}
	}
}

// Flush does, in the order they were asked for, the writes no command did
// yet, and waits for those under way; it returns their errors.
func (d *Writes) Flush() error {
	d.mu.Lock()
	queue := d.queue
	d.queue = nil
	d.mu.Unlock()
	var errs []error
	for _, w := range queue {
		errs = append(errs, w.do())
	}
	return errors.Join(errs...)
}
