package client_test

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/sophia-labs/vehicle/internal/faultproxy"
)

// cutProxy is a loopback TCP proxy that cuts each connection after a random
// number of bytes from the host (seeded), until it has cut max times or is
// stopped.
type cutProxy struct {
	p    *faultproxy.Proxy
	cuts cutCount
}

// cutCount reads the proxy's cuts.
type cutCount struct{ p *faultproxy.Proxy }

func (c cutCount) Load() int64 { return c.p.Cuts() }

func newCutProxy(t *testing.T, target string, cuts, budget int) *cutProxy {
	t.Helper()
	p := faultproxy.New(t, target, faultproxy.Options{Seed: faultSeed, Cuts: cuts, CutBudget: budget})
	return &cutProxy{p: p, cuts: cutCount{p}}
}

func (p *cutProxy) addr() string { return p.p.Addr() }

// stop ends the cutting; when it returns, no cut is under way.
func (p *cutProxy) stop() { p.p.Stop() }

// dropFirstAnswer forwards requests to target, but the first request other
// than a GET whose path ends in suffix is carried out and its answer dropped:
// the connection is closed without a response.
func dropFirstAnswer(target, suffix string, dropped *atomic.Bool) http.Handler {
	d := &faultproxy.DropAnswers{Target: target, N: 1, Match: func(r *http.Request) bool {
		return r.Method != http.MethodGet && strings.HasSuffix(r.URL.Path, suffix)
	}}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() { dropped.Store(d.Dropped.Load() > 0) }()
		d.ServeHTTP(w, r)
	})
}
