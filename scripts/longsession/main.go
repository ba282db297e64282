//go:build unix

// Command longsession measures, as a whole process, what opening a long
// session costs the client: run by hand through scripts/long-session.sh, not
// in CI.
//
//	longsession serve -n 50000 -listen 127.0.0.1:7788 -text scripted|varied   # a reference host with one long session
//	longsession open -url http://127.0.0.1:7788 -session ID -mode lazy|eager|read
//
// serve prints "ready <url> <session> <snapshot bytes>" once the session has n
// exchanges, then serves until it is stopped. Every question begins
// "question i:". -text picks what the exchanges say. scripted (the default)
// has the scripted model reply the same three paragraphs each time (every
// tenth question calls a tool first): a text that compresses absurdly well.
// varied cuts, in order, each question, reply and tool result from the Go
// installation's sources (go env GOROOT; src walked sorted, testdata left
// out): the question quotes a sentence of a comment, the reply is a sentence
// or two of comments then a piece of a .go file in a ```go block, and every
// tenth exchange first calls list_files (a listing of the file's directory)
// or read_file (a piece of a .md or .txt file). Its replies are as long as
// the scripted ones, its inspect answer some 8% larger (the code's escapes,
// the longer questions, the tools' results), it compresses as source text
// does (gzip -1: 3.6 times, the scripted one 13), and exchange i is the same
// whatever n, for the same Go installation.
//
// open reads the session once the way it is told, stops at the first frame
// (the state built and the last 40 entries' texts read), and prints one JSON
// line: its CPU time and peak RSS since the process started, the wall time of
// the open, and the bytes read.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

const token, graph = "ada-token", "demo"

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: longsession serve|open [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "serve":
		err = serve(os.Args[2:])
	case "open":
		err = open(os.Args[2:])
	default:
		err = fmt.Errorf("unknown mode %q: use serve or open", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "longsession:", err)
		os.Exit(1)
	}
}

// serve starts a reference host, fills one session with n exchanges (a
// question and a reply of a few paragraphs, or with -text varied a piece of
// the Go sources; every tenth calls a tool) and serves until SIGINT or
// SIGTERM.
func serve(args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	n := fs.Int("n", 50000, "exchanges in the session")
	listen := fs.String("listen", "127.0.0.1:0", "address to serve on")
	textKind := fs.String("text", "scripted", "what the exchanges say: scripted (the same reply each time) or varied (pieces of the Go installation's sources)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	question := scriptedQuestion
	var opts []vehicletest.Option
	switch *textKind {
	case "scripted":
	case "varied":
		v, err := newVaried()
		if err != nil {
			return err
		}
		question = v.prompt
		opts = append(opts, vehicletest.WithModel(v))
	default:
		return fmt.Errorf("unknown -text %q: use scripted or varied", *textKind)
	}
	srv, err := vehicletest.Listen(*listen, opts...)
	if err != nil {
		return err
	}
	defer srv.Close()
	c, err := client.New(srv.URL, client.WithGraph(graph), client.WithToken(token))
	if err != nil {
		return err
	}
	ctx := context.Background()
	cr, err := c.Create(ctx, client.CreateRequest{})
	if err != nil {
		return err
	}
	id, since := cr.Session.SessionID, cr.Cursor
	for i := range *n {
		text, err := question(i)
		if err != nil {
			return fmt.Errorf("exchange %d: %w", i, err)
		}
		if since, err = prompt(ctx, c, id, since, text); err != nil {
			return fmt.Errorf("exchange %d: %w", i, err)
		}
	}
	size, err := snapshotBytes(srv.URL, id)
	if err != nil {
		return err
	}
	fmt.Printf("ready %s %s %d\n", srv.URL, id, size)
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGINT, syscall.SIGTERM)
	<-stop
	return nil
}

// scriptedQuestion is the question of exchange i for the scripted model:
// every tenth calls a tool, the others get three paragraphs.
func scriptedQuestion(i int) (string, error) {
	if i%10 == 0 {
		return fmt.Sprintf("question %d: look it up #tool", i), nil
	}
	return fmt.Sprintf("question %d: tell me about the herd #long 3", i), nil
}

// prompt sends one prompt and waits for its run to settle; it returns the
// cursor after the settle.
func prompt(ctx context.Context, c *client.Client, id string, since int64, text string) (int64, error) {
	if _, err := c.Prompt(ctx, id, text); err != nil {
		return since, err
	}
	for {
		w, err := c.Watch(ctx, id, since, 10*time.Second)
		if err != nil {
			return since, err
		}
		for _, ev := range w.Events {
			since = ev.Seq
			if ev.Type == client.EvRunSettled {
				return since, nil
			}
		}
	}
}

// snapshotBytes is the size of the session's inspect answer.
func snapshotBytes(base, id string) (int, error) {
	body, err := get(base, id)
	return len(body), err
}

// get reads the session's inspect answer with a plain HTTP request.
func get(base, id string) ([]byte, error) {
	req, err := http.NewRequest(http.MethodGet, base+client.DefaultMount+"/g/"+url.PathEscape(graph)+"/sessions/"+url.PathEscape(id), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("inspect answered HTTP %d", resp.StatusCode)
	}
	if resp.ContentLength > 0 { // one buffer of the answer's size: the least a reader can hold
		buf := make([]byte, resp.ContentLength)
		_, err := io.ReadFull(resp.Body, buf)
		return buf, err
	}
	return io.ReadAll(resp.Body)
}

// open opens the session one way and reports what the process spent.
func open(args []string) error {
	fs := flag.NewFlagSet("open", flag.ContinueOnError)
	base := fs.String("url", "", "the host's address, from serve")
	id := fs.String("session", "", "the session id, from serve")
	mode := fs.String("mode", "lazy", "lazy (InspectLazy, NewStateLazy), eager (Inspect, NewState) or read (the bytes alone)")
	memprofile := fs.String("memprofile", "", "write the allocations' profile to this file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *memprofile != "" {
		runtime.MemProfileRate = 64 << 10
		defer writeProfile(*memprofile)
	}
	t0 := time.Now()
	var bytesRead, entries int
	switch *mode {
	case "read":
		body, err := get(*base, *id)
		if err != nil {
			return err
		}
		bytesRead = len(body)
	case "lazy", "eager":
		s, err := openState(*base, *id, *mode == "lazy")
		if err != nil {
			return err
		}
		entries = len(s.Entries)
	default:
		return fmt.Errorf("unknown mode %q: use lazy, eager or read", *mode)
	}
	wall := time.Since(t0)
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return err
	}
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	out, _ := json.Marshal(map[string]any{"mode": *mode, "cpu_ms": cpu.Milliseconds(), "wall_ms": wall.Milliseconds(),
		"rss_peak_mib": mib(peakRSS()), "heap_mib": mib(int64(ms.HeapAlloc)), "allocated_mib": mib(int64(ms.TotalAlloc)),
		"bytes": bytesRead, "entries": entries})
	fmt.Println(string(out))
	return nil
}

// openState opens the session through the client library and reads the last
// 40 entries' texts, as a first frame draws them.
func openState(base, id string, lazy bool) (*client.State, error) {
	c, err := client.New(base, client.WithGraph(graph), client.WithToken(token))
	if err != nil {
		return nil, err
	}
	me := client.Me{Principal: "user:ada", ClientID: "longsession"}
	var s *client.State
	if lazy {
		snap, err := c.InspectLazy(context.Background(), id)
		if err != nil {
			return nil, err
		}
		s = client.NewStateLazy(me, snap)
	} else {
		snap, err := c.Inspect(context.Background(), id)
		if err != nil {
			return nil, err
		}
		s = client.NewState(me, snap)
	}
	n := 0
	for i := max(len(s.Entries)-40, 0); i < len(s.Entries); i++ {
		n += len(s.EntryText(i))
	}
	if n == 0 && len(s.Entries) > 0 {
		return nil, fmt.Errorf("the last entries have no text")
	}
	return s, nil
}

// writeProfile writes the allocations' profile to path.
func writeProfile(path string) {
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "longsession:", err)
		return
	}
	defer f.Close()
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		fmt.Fprintln(os.Stderr, "longsession:", err)
	}
}

// mib is n bytes in MiB, to a tenth.
func mib(n int64) float64 { return float64(n*10/(1<<20)) / 10 }

// peakRSS is the process's peak resident set (VmHWM), in bytes.
func peakRSS() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(data)) {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}
