package acp

import (
	"bytes"
	"encoding/json"
	"io"
	"sync"
)

// output is the agent's stdout, shared by the SDK's connection and the
// screen's own answers: one line per Write, whole, in the order written. It
// remembers the first write that failed (the editor went away) and tells
// the watchers of a request when its answer has been written.
type output struct {
	mu      sync.Mutex
	w       io.Writer
	err     error
	failed  chan struct{}                           // closed at the first failed write
	watched map[string]func(result []byte, ok bool) // by request id: called once its answer is out
}

func newOutput(w io.Writer) *output {
	return &output{w: w, failed: make(chan struct{}), watched: map[string]func([]byte, bool){}}
}

// Write writes one line. After a failure every write fails the same way.
func (o *output) Write(p []byte) (int, error) {
	o.mu.Lock()
	if o.err != nil {
		o.mu.Unlock()
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err != nil {
		o.err = err
		close(o.failed)
	}
	then := o.answered(p)
	o.mu.Unlock()
	if then != nil {
		then()
	}
	return n, err
}

// Err is the failure of the output, nil while it works.
func (o *output) Err() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.err
}

// watch calls f (on a goroutine of its own) once the answer to the request
// with id idKey (its JSON text) has been written, with its result, or ok
// false when it was an error.
func (o *output) watch(idKey string, f func(result []byte, ok bool)) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.watched[idKey] = f
}

// answered returns the call of the watcher whose answer line p is, or nil.
// Called with mu held.
func (o *output) answered(p []byte) func() {
	if len(o.watched) == 0 || !bytes.HasPrefix(p, []byte(`{"jsonrpc":"2.0","id":`)) {
		return nil
	}
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Result json.RawMessage `json:"result"`
	}
	if json.Unmarshal(p, &m) != nil || m.Method != "" || len(m.ID) == 0 {
		return nil
	}
	f, ok := o.watched[string(m.ID)]
	if !ok {
		return nil
	}
	delete(o.watched, string(m.ID))
	res := m.Result
	return func() { go f(res, len(res) > 0) }
}
