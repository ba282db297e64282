package reader

import (
	"errors"
	"strings"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// keyWait is waiting for a model key on the next line.
type keyWait struct {
	save bool   // save it in the keyring too
	then func() // what to do once the key is set: send again, create again
}

// askKey asks for a model key after the host refused without one: a
// numbered question, then the key on the next line; then runs then.
func (r *reader) askKey(err error, then func()) {
	msg, _ := r.explain(err)
	r.say("the host asks for a model key: %s.", msg)
	var e *client.Error
	if errors.As(err, &e) {
		for _, door := range ui.DoorLines(e.Doors(), nil, e.Code, "") { // the seed's fields, in words
			r.say("  %s.", door)
		}
	}
	opts := []option{{"type a model key now; it is kept in memory until you quit", func() { r.waitKey(false, then) }}}
	if r.cfg.SaveModelKey != nil {
		opts = append(opts, option{"type a model key now and save it in the system keyring", func() { r.waitKey(true, then) }})
	}
	opts = append(opts, option{"not now", func() {
		r.say("no key given. Set %s and start vehicle again, or %s.", r.keyVariable(), r.retryWords())
	}})
	r.askQuestion(&question{title: "give a model key?", options: opts})
}

// waitKey reads the next line as the key.
func (r *reader) waitKey(save bool, then func()) {
	r.keyWait = &keyWait{save: save, then: then}
	r.say("type the key on the next line. The terminal may show what you type; it is never written out here. /cancel gives none.")
}

// takeKey takes the line typed as the model key, sets it and goes on.
func (r *reader) takeKey(line string) {
	w := r.keyWait
	k := strings.TrimSpace(line)
	switch {
	case k == "":
		r.say("that line was empty: type the key, or /cancel.")
		return
	case k == "/cancel":
		r.keyWait = nil
		r.say("no key given: %s.", r.retryWords())
		return
	case strings.HasPrefix(k, "/"):
		r.keyWait = nil
		r.command(k)
		return
	}
	r.keyWait = nil
	r.c.SetModelKey(k)
	if w.save {
		if err := r.cfg.SaveModelKey(k); err != nil {
			r.say("could not save the key in the keyring: %s. It is kept in memory until you quit.", clean(r.c.Scrub(err.Error())))
		} else {
			r.say("the key is saved in the system keyring.")
		}
	} else {
		r.say("the key is set until you quit.")
	}
	w.then()
}

// retryWords says how to try again after no key was given: send the kept
// text again, or start the session again.
func (r *reader) retryWords() string {
	if r.unsent != nil {
		return "/again sends your text and asks again"
	}
	return "/new tries again"
}
