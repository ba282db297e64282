package reader

import (
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
)

// loseAnswers is a transport that, while drop is set, sends prompts to the
// host and loses their answers.
type loseAnswers struct {
	drop atomic.Bool
}

func (l *loseAnswers) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err == nil && l.drop.Load() && req.Method == http.MethodPost && strings.HasSuffix(req.URL.Path, "/prompt") {
		_ = resp.Body.Close()
		return nil, errors.New("connection reset (test)")
	}
	return resp, err
}

// lossyRun starts the mode on a session of Ada's whose prompts' answers
// lose loses while its drop is set (one attempt each: no retry).
func lossyRun(t *testing.T) (*vehicletest.Server, *loseAnswers, string, *run) {
	t.Helper()
	srv := host(t)
	lose := &loseAnswers{}
	ada, err := client.New(srv.URL, client.WithGraph("demo"), client.WithToken("ada-token"), client.WithClientID("sr"),
		client.WithHTTPClient(&http.Client{Transport: lose}), client.WithRetry(client.RetryPolicy{Attempts: 1}))
	if err != nil {
		t.Fatal(err)
	}
	id := newSession(t, ada, "lossy", true)
	return srv, lose, id, start(t, Config{Client: ada, SessionID: id})
}

// TestLostAnswerKeptForAgain: a prompt whose answer was lost is said so and
// kept; /again sends the same request, which the host does not run twice.
func TestLostAnswerKeptForAgain(t *testing.T) {
	t.Parallel()
	srv, lose, id, r := lossyRun(t)
	r.see("you drive from this terminal.")
	lose.drop.Store(true)
	r.typeLine("only once")
	r.see("no answer came for your text, so it may or may not have gone in: the host did not answer", "Your text is kept: /again sends the same request, which the host does not run twice.")
	lose.drop.Store(false)
	r.typeLine("/again")
	r.see("you: only once", "assistant:")
	r.typeLine("/again")
	r.see("nothing is waiting to be sent again.")
	if n := strings.Count(r.all(), "you: only once"); n != 1 {
		t.Errorf("the prompt ran %d times:\n%s", n, r.all())
	}
	if n := count(srv, id, client.EvRunStarted); n != 1 {
		t.Errorf("%d runs, want 1", n)
	}
}

// TestQuitSaysTheMessageWithNoAnswer: /quit with a prompt whose answer was
// lost says so, with its text and what /again does, and stays; a second
// /quit leaves.
func TestQuitSaysTheMessageWithNoAnswer(t *testing.T) {
	t.Parallel()
	_, lose, _, r := lossyRun(t)
	r.see("you drive from this terminal.")
	lose.drop.Store(true)
	r.typeLine("did it go")
	r.see("Your text is kept: /again sends the same request")
	r.typeLine("/quit")
	r.see(`your text "did it go" has no answer from the host yet`, "/quit again leaves anyway.")
	r.typeLine("/quit")
	select {
	case err := <-r.done:
		if err != nil {
			t.Fatalf("the second /quit: %v", err)
		}
		r.done <- err // for the harness's cleanup
	case <-time.After(waitLimit):
		t.Fatal("the second /quit did not leave")
	}
}
