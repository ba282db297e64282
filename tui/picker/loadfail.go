package picker

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// A listing that fails is its own screen, never an empty list: what failed
// (the code and the host's message, whole), what to do about it, and the
// key that tries again.

// loadFailure words a failed listing: its lines, wrapped to width.
func (p *Picker) loadFailure(err error, width int) []string {
	c, st := p.ctx, p.ctx.Styles
	w := max(width-4, 10)
	var out []string
	add := func(style func(...string) string, text string) {
		for _, l := range ui.WrapPlain(text, w) {
			out = append(out, "  "+style(l))
		}
	}
	add(st.StatusError.Render, "✗ Your sessions could not be listed.")
	out = append(out, "")
	add(st.Body.Render, failureText(err))
	out = append(out, "")
	add(st.Notice.Render, p.failureAdvice(err))
	out = append(out, "")
	keys := c.Hints(c.Hint(c.Keys.Retry, "tries again"), c.Hint(c.Keys.Errors, "shows the errors so far"))
	for _, l := range strings.Split(xansi.Wrap(keys, w, ""), "\n") {
		out = append(out, "  "+l) // wrapped too: a narrow screen shows the keys whole
	}
	return out
}

// failureText is what failed: the code, the status and the host's message,
// or the transport's error.
func failureText(err error) string {
	var e *wire.Error
	if errors.As(err, &e) {
		return ui.SanitizeLine(e.Code + " (HTTP " + strconv.Itoa(e.Status) + "): " + e.Message)
	}
	return ui.SanitizeLine(err.Error())
}

// The HTTP statuses failureAdvice tells apart (net/http's values, written
// here so that the picker links no HTTP).
const (
	statusUnauthorized = 401
	statusForbidden    = 403
	statusNotFound     = 404
)

// failureAdvice says what to do about a failed listing.
func (p *Picker) failureAdvice(err error) string {
	where, service := ui.SanitizeLine(p.host.Gardend), ui.SanitizeLine(p.host.Service)
	var e *wire.Error
	switch {
	case wire.IsTransport(err):
		return "Nothing answered at " + where + ". Is gardend running there? Give its address with --gardend or VEHICLE_GARDEND."
	case errors.As(err, &e) && e.Status == statusUnauthorized:
		who := "the token in use (VEHICLE_TOKEN, the key file or the keyring)"
		if p.host.Visitor {
			who = "the visitor id in use"
		}
		return "gardend did not accept " + who + ". Run vehicle login to sign in again."
	case errors.As(err, &e) && e.Status == statusNotFound && !strings.Contains(strings.ToLower(e.Message), "graph"):
		// No route there (or not even the host's frame): the mount is wrong.
		return "gardend answered 404 at " + service + ": the service may be mounted elsewhere. " +
			"Give the mount with --mount or VEHICLE_MOUNT (\"\" for a host at its root)."
	case errors.As(err, &e) && e.Status == statusNotFound:
		// The host's own answer: the graph is not one the person may use.
		return "The host answered: it knows no graph " + ui.SanitizeLine(p.host.Graph) + " that you may use (a wrong name, or " +
			"no role of yours on it). Check the name given with --graph or VEHICLE_GRAPH, or ask the graph's owner for a role."
	case errors.As(err, &e) && e.Status == statusForbidden:
		return "Your role on graph " + ui.SanitizeLine(p.host.Graph) + " does not allow this. Ask its owner, or choose another graph with --graph."
	}
	return "The host at " + service + " refused the listing. Try again, or see the host's log."
}

// retryGrace is how long after the failure screen gave way to the list its
// retry key still means "list again", not a letter of the filter.
const retryGrace = 3 * time.Second

// justRecovered reports whether msg is the failure screen's retry key,
// pressed a moment after the list came back by itself with no filter typed:
// a key advertised on a screen does only what that screen said.
func (p *Picker) justRecovered(msg tea.KeyPressMsg) bool {
	return p.Recovering() && key.Matches(msg, p.ctx.Keys.Retry)
}
