//go:build linux || darwin

package main

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/creack/pty"
	"github.com/zalando/go-keyring"

	"github.com/sophia-labs/vehicle/internal/config"
)

// promptSpy is login's message writer: it calls at once when the prompt
// is written.
type promptSpy struct {
	mu       sync.Mutex
	msgs     strings.Builder
	once     sync.Once
	atPrompt func()
}

func (s *promptSpy) Write(b []byte) (int, error) {
	s.mu.Lock()
	s.msgs.Write(b)
	s.mu.Unlock()
	if strings.Contains(string(b), "typing is not shown") {
		s.once.Do(s.atPrompt)
	}
	return len(b), nil
}

func (s *promptSpy) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.msgs.String()
}

// TestCtrlCAtTheTokenPromptStoresNothing: ctrl+c (the context's end) at
// login's prompt ends login at once, with nothing stored, and what is typed
// after it is not taken as the token (it was: the prompt waited on, and the
// next line typed for the shell was stored).
func TestCtrlCAtTheTokenPromptStoresNothing(t *testing.T) {
	keyring.MockInit()
	srv := newRideHost(t)
	kr := config.OSKeyring(0)
	master, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pty: %v", err)
	}
	t.Cleanup(func() { _ = tty.Close(); _ = master.Close() })
	go func() { // the terminal's side reads what is written, as a terminal would
		buf := make([]byte, 1024)
		for {
			if _, err := master.Read(buf); err != nil {
				return
			}
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	spy := &promptSpy{atPrompt: func() {
		cancel()
		if _, err := master.WriteString("echo typed-for-the-shell\r"); err != nil {
			t.Error(err)
		}
	}}
	err = login(ctx, loginOpts{gardend: srv.URL}, loginIO{in: tty, errw: spy, env: config.MapEnv(nil), keyring: kr})
	if !errors.Is(err, errLoginCancelled) || !strings.Contains(err.Error(), "no token stored") {
		t.Fatalf("login = %v, want it cancelled", err)
	}
	if tok, err := kr.Get(config.KeyringService, config.KeyringUser(srv.URL)); !errors.Is(err, config.ErrNotStored) {
		t.Errorf("a cancelled login stored %q (%v)", tok, err)
	}
}

// TestCtrlCWhileTheHostIsAskedStoresNothing: ctrl+c while login asks the
// host about the token ends it with nothing stored, not "could not check
// the token; storing it anyway".
func TestCtrlCWhileTheHostIsAskedStoresNothing(t *testing.T) {
	keyring.MockInit()
	ctx, cancel := context.WithCancel(context.Background())
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cancel() // the person presses ctrl+c while the host has not answered
		<-r.Context().Done()
	}))
	t.Cleanup(slow.Close)
	kr := config.OSKeyring(0)
	var msgs strings.Builder
	err := login(ctx, loginOpts{gardend: slow.URL, withToken: true},
		loginIO{in: strings.NewReader("ada-token\n"), errw: &msgs, env: config.MapEnv(nil), keyring: kr})
	if !errors.Is(err, errLoginCancelled) {
		t.Fatalf("login = %v (%s), want it cancelled", err, msgs.String())
	}
	if strings.Contains(msgs.String(), "storing it anyway") {
		t.Errorf("login said it stores the token: %s", msgs.String())
	}
	if tok, err := kr.Get(config.KeyringService, config.KeyringUser(slow.URL)); !errors.Is(err, config.ErrNotStored) {
		t.Errorf("a cancelled login stored %q (%v)", tok, err)
	}
}
