// Package drivertest is a contract suite for sepia driver binaries: it spawns
// a driver, speaks the driver wire (ndjson JSON-RPC 2.0) to it and checks the
// invariants every driver must hold, whatever agent it serves.
package drivertest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// Spawn starts one driver process. It returns the driver's stdin, its stdout,
// and wait, which returns the process's exit error once its stdout has been
// read to the end. Spawn registers its own cleanup (killing a process still
// running).
type Spawn func(t *testing.T) (stdin io.WriteCloser, stdout io.Reader, wait func() error)

// Timeout bounds every wait of the suite for an answer or an exit.
const Timeout = 15 * time.Second

// Command returns a Spawn that runs the binary at path with the environment
// env (nil: none but PATH and HOME of this process). The driver's stderr goes
// to the test's log.
func Command(path string, env []string) Spawn {
	return func(t *testing.T) (io.WriteCloser, io.Reader, func() error) {
		t.Helper()
		cmd := exec.Command(path)
		cmd.Env = env
		if env == nil {
			cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME")}
		}
		stderr := &lockedBuffer{}
		cmd.Stderr = stderr
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatalf("cannot open the driver's stdin: %v", err)
		}
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatalf("cannot open the driver's stdout: %v", err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatalf("cannot start the driver %s: %v", path, err)
		}
		var once sync.Once
		var waitErr error
		wait := func() error {
			once.Do(func() { waitErr = cmd.Wait() })
			return waitErr
		}
		t.Cleanup(func() {
			stdin.Close()
			_ = cmd.Process.Kill()
			_ = wait()
			if t.Failed() && stderr.Len() > 0 {
				t.Logf("the driver's stderr:\n%s", stderr)
			}
		})
		return stdin, stdout, wait
	}
}

// Build compiles the Go package pkg (an import path or a ./ path, resolved
// from the current directory) into a temporary folder and returns the
// binary's path.
func Build(t testing.TB, pkg string) string {
	t.Helper()
	name := filepath.Base(pkg)
	if abs, err := filepath.Abs(pkg); err == nil && strings.HasPrefix(pkg, ".") {
		name = filepath.Base(abs)
	}
	bin := filepath.Join(t.TempDir(), name)
	out, err := exec.Command("go", "build", "-o", bin, pkg).CombinedOutput()
	if err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, out)
	}
	return bin
}

// lockedBuffer is a buffer safe for a writer and a reader at once.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p.
func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// Len is the number of bytes written.
func (l *lockedBuffer) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Len()
}

// String is what was written.
func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// Response is one answer line, decoded. Raw is the line as the driver wrote
// it; Members lists the object's member names.
type Response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result"`
	Error   *RPCError       `json:"error"`
	Raw     []byte          `json:"-"`
	Members map[string]bool `json:"-"`
}

// RPCError is a JSON-RPC error object.
type RPCError struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data"`
}

// Conn is a running driver: lines go in, answers come out.
type Conn struct {
	t     *testing.T
	in    io.WriteCloser
	lines chan []byte
	wait  func() error
	seq   int
	held  []Response
}

// Start spawns a driver and starts reading its stdout.
func Start(t *testing.T, spawn Spawn) *Conn {
	t.Helper()
	in, out, wait := spawn(t)
	c := &Conn{t: t, in: in, wait: wait, lines: make(chan []byte, 64)}
	go func() {
		defer close(c.lines)
		r := bufio.NewReaderSize(out, 1<<20)
		for {
			line, err := r.ReadBytes('\n')
			if len(line) > 0 {
				c.lines <- line
			}
			if err != nil {
				return
			}
		}
	}()
	return c
}

// Send writes one line (a newline is added).
func (c *Conn) Send(line string) {
	c.t.Helper()
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		c.t.Fatalf("cannot write to the driver: %v", err)
	}
}

// Next reads the next answer line, failing the test after Timeout or at the
// end of the output.
func (c *Conn) Next() []byte {
	c.t.Helper()
	select {
	case line, ok := <-c.lines:
		if !ok {
			c.t.Fatalf("the driver's output ended while an answer was awaited")
		}
		return line
	case <-time.After(Timeout):
		c.t.Fatalf("no answer from the driver within %v", Timeout)
	}
	return nil
}

// Call sends a request with a fresh id and returns its answer; answers to
// other requests read meanwhile are kept for Await.
func (c *Conn) Call(method string, params any) Response {
	c.t.Helper()
	c.seq++
	id := fmt.Sprintf("%q", fmt.Sprintf("c%d", c.seq))
	req := map[string]any{"jsonrpc": "2.0", "id": json.RawMessage(id), "method": method}
	if params != nil {
		req["params"] = params
	}
	b, err := json.Marshal(req)
	if err != nil {
		c.t.Fatalf("cannot encode a request: %v", err)
	}
	c.Send(string(b))
	return c.Await(id)
}

// Await returns the answer whose id is the JSON text id.
func (c *Conn) Await(id string) Response {
	c.t.Helper()
	for i, r := range c.held {
		if string(r.ID) == id {
			c.held = append(c.held[:i], c.held[i+1:]...)
			return r
		}
	}
	for {
		r := Decode(c.t, c.Next())
		if string(r.ID) == id {
			return r
		}
		c.held = append(c.held, r)
	}
}

// Close closes the driver's stdin, reads its output to the end, waits for
// it to exit and returns the lines it wrote after those already read.
func (c *Conn) Close() [][]byte {
	c.t.Helper()
	c.in.Close()
	var rest [][]byte
	for _, r := range c.held {
		rest = append(rest, r.Raw)
	}
	c.held = nil
	deadline := time.After(Timeout)
	for {
		select {
		case line, ok := <-c.lines:
			if !ok {
				if err := c.wait(); err != nil {
					c.t.Errorf("the driver did not exit cleanly at the end of its input: %v", err)
				}
				return rest
			}
			rest = append(rest, line)
		case <-deadline:
			c.t.Fatalf("the driver did not end its output within %v of the end of its input", Timeout)
		}
	}
}

// Decode checks that line is one whole JSON-RPC 2.0 answer object and
// decodes it.
func Decode(t *testing.T, line []byte) Response {
	t.Helper()
	if !bytes.HasSuffix(line, []byte("\n")) {
		t.Fatalf("an answer line does not end with a newline: %q", line)
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(line, &members); err != nil {
		t.Fatalf("an answer line is not one JSON object: %v: %q", err, line)
	}
	var r Response
	if err := json.Unmarshal(line, &r); err != nil {
		t.Fatalf("an answer line does not decode: %v: %q", err, line)
	}
	r.Raw, r.Members = line, map[string]bool{}
	for k := range members {
		r.Members[k] = true
	}
	if r.JSONRPC != "2.0" || !r.Members["id"] || r.Members["result"] == r.Members["error"] {
		t.Fatalf(`an answer must have "jsonrpc":"2.0", an id, and exactly one of result and error: %s`, line)
	}
	return r
}
