package dialog

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// Create asks to start a session made with Request (its title, profile,
// model, budget and lease ttl as the person filled them in; the root adds
// the rest).
type Create struct {
	action
	Request wire.CreateRequest
}

// The new-session form's fields, in order.
const (
	fieldTitle = iota
	fieldProfile
	fieldModel
	fieldTurns
	fieldCost
	fieldTTL
	fieldCount
)

// HostOffer is what the host offers a new session, as the root knows it from
// the account (GET /account): whether it caps a public person's runs, and
// the models it names for this person's door.
type HostOffer struct {
	Public  bool     // the host caps every run whatever is asked (a public graph)
	Models  []string // the models a new session may ask for (an account's credit); nil when the host names none
	Prefix  string   // a model's name starts with it (the own key's provider: "openrouter/"); "" when any
	Default string   // the model an empty field gets, "" when the host does not say
}

// NewSession is the form a new session is started from: its title, its
// profile, its model, its budget per run (the seed's maxTurns and
// maxCostUsd, fixed at creation) and its lease's ttl. It opens filled in
// with what the command line gave, so the start key alone starts one as
// before; a field left empty is the host's default. Every field takes
// text: the profile's picks chat or agent by the letters typed, or says
// why not. It reports Create, or closes.
type NewSession struct {
	ctx   *ui.Context
	in    [fieldCount]ui.LineInput // title, (profile), model, turns, cost, ttl
	agent bool                     // the agent profile, else chat
	typed string                   // the letters typed at the profile, while they name one
	wrong string                   // what was typed at the profile since it named none (shown whole in the refusal)
	at    int                      // the field with the keys
	bad   string                   // why the last start or letter was refused, "" when none
	offer HostOffer
	w, h  int
}

// NewNewSession is the form, filled in from def (what the command line
// asked for), checking the model against what offer names.
func NewNewSession(ctx *ui.Context, def wire.CreateRequest, offer HostOffer) *NewSession {
	d := &NewSession{ctx: ctx, agent: def.Profile == wire.ProfileAgent, offer: offer}
	d.in[fieldTitle].Set(ui.SanitizeLine(def.Title))
	d.in[fieldModel].Set(ui.SanitizeLine(def.Model))
	if def.MaxTurns > 0 {
		d.in[fieldTurns].Set(strconv.Itoa(def.MaxTurns))
	}
	if def.MaxCostUSD > 0 {
		d.in[fieldCost].Set(strconv.FormatFloat(def.MaxCostUSD, 'f', -1, 64))
	}
	if def.TTLMs > 0 {
		d.in[fieldTTL].Set((time.Duration(def.TTLMs) * time.Millisecond).String())
	}
	return d
}

// ShortHelp lists the form's keys.
func (d *NewSession) ShortHelp() []key.Binding {
	k := &d.ctx.Keys
	return []key.Binding{k.Save, k.Panes, k.Choose, k.Dismiss}
}

// FullHelp lists the form's keys.
func (d *NewSession) FullHelp() [][]key.Binding {
	k := &d.ctx.Keys
	return [][]key.Binding{d.ShortHelp(), {k.New, k.PanesBack, k.Up, k.Down}}
}

// SetOffer says what the host offers now (the account came, or a model
// key was given).
func (d *NewSession) SetOffer(o HostOffer) { d.offer = o }

// Safe closes it, starting nothing.
func (d *NewSession) Safe() ui.Action { return nil }

// Kind is Field: it takes text.
func (d *NewSession) Kind() Kind { return Field }

// SetSize takes the screen's size.
func (d *NewSession) SetSize(w, h int) { d.w, d.h = w, h }

// Update moves between the fields and edits them; the start keys (enter,
// or the new-session key again) start the session when every field reads,
// esc cancels.
func (d *NewSession) Update(msg tea.Msg) (tea.Cmd, ui.Action) {
	k := &d.ctx.Keys
	switch msg := msg.(type) {
	case tea.PasteMsg:
		text := strings.ReplaceAll(msg.Content, "\n", " ")
		if d.at == fieldProfile {
			d.pickProfile(strings.TrimSpace(text), true)
			break
		}
		d.in[d.at].Insert(text)
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, k.Save, k.New):
			return d.start()
		case key.Matches(msg, k.Dismiss):
			return nil, ui.Close{}
		case key.Matches(msg, k.Panes, k.Down):
			d.move(1)
		case key.Matches(msg, k.PanesBack, k.Up):
			d.move(-1)
		case d.at == fieldProfile:
			d.onProfileKey(msg)
		default:
			if d.in[d.at].Update(msg) {
				d.bad = "" // edited: what it says now is what counts
			}
		}
	}
	return nil, nil
}

// move gives the keys to the next field (by -1: the one before).
func (d *NewSession) move(by int) {
	d.at, d.typed, d.wrong = (d.at+fieldCount+by)%fieldCount, "", ""
}

// onProfileKey changes the profile by ←/→ or space, or by letters typed.
// Once what is typed names no profile, what follows (a space too) is added
// to it and refused whole, so a sentence typed here never flips the profile
// letter by letter; backspace takes it back a letter at a time.
func (d *NewSession) onProfileKey(msg tea.KeyPressMsg) {
	switch {
	case d.wrong != "" && msg.String() == "backspace":
		r := []rune(d.wrong)
		d.wrong = string(r[:len(r)-1])
		if d.wrong == "" {
			d.bad = ""
			return
		}
		d.refuseProfile()
	case d.wrong != "" && msg.Text != "":
		d.wrong += msg.Text
		d.refuseProfile()
	case key.Matches(msg, d.ctx.Keys.Choose):
		d.agent, d.typed, d.bad = !d.agent, "", ""
	case msg.String() == "backspace":
		d.typed = ""
	case msg.Text != "":
		d.pickProfile(msg.Text, false)
	}
}

// pickProfile takes letters typed (or pasted: whole) at the profile: chat
// or agent when they begin its name, else the form says what the field
// takes.
func (d *NewSession) pickProfile(text string, whole bool) {
	typed := strings.ToLower(d.typed + text)
	if whole {
		typed = strings.ToLower(strings.TrimSpace(text))
	}
	for _, try := range []string{typed, strings.ToLower(text)} {
		switch {
		case try == "":
			return
		case strings.HasPrefix(wire.ProfileChat, try):
			d.agent, d.typed, d.wrong, d.bad = false, try, "", ""
			return
		case strings.HasPrefix(wire.ProfileAgent, try):
			d.agent, d.typed, d.wrong, d.bad = true, try, "", ""
			return
		}
	}
	d.typed, d.wrong = "", text
	d.refuseProfile()
}

// refuseProfile says what the profile takes, naming what was typed there.
func (d *NewSession) refuseProfile() {
	d.bad = "profile: “" + ui.SanitizeLine(d.wrong) + "” is no profile; type chat or agent (c or a does), or " +
		ui.KeyName(d.ctx.Keys.Choose) + " changes it; backspace takes back what was typed"
}

// start reports Create with the form's request, or says what to fix and
// keeps the form open at that field.
func (d *NewSession) start() (tea.Cmd, ui.Action) {
	req := wire.CreateRequest{Title: strings.TrimSpace(d.in[fieldTitle].String()),
		Model: strings.TrimSpace(d.in[fieldModel].String()), Profile: wire.ProfileChat}
	if d.agent {
		req.Profile = wire.ProfileAgent
	}
	if why := d.offer.refuses(req.Model); why != "" {
		d.at, d.bad = fieldModel, why
		return nil, nil
	}
	if s := strings.TrimSpace(d.in[fieldTurns].String()); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			d.at, d.bad = fieldTurns, "max turns: a whole number of model turns per run, 1 or more, like 20 (empty: the host's)"
			return nil, nil
		}
		req.MaxTurns = n
	}
	if s := strings.TrimSpace(strings.TrimPrefix(d.in[fieldCost].String(), "$")); s != "" {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || f <= 0 || math.IsInf(f, 0) || math.IsNaN(f) {
			d.at, d.bad = fieldCost, "max cost: an amount of US dollars per run above 0, like 0.50 (empty: the host's)"
			return nil, nil
		}
		req.MaxCostUSD = f
	}
	ttl, ok := parseTTL(d.in[fieldTTL].String())
	if !ok {
		d.at, d.bad = fieldTTL, "lease: a duration from a second, like 10m or 90s; a number alone is minutes (empty: the host's)"
		return nil, nil
	}
	req.TTLMs = ttl.Milliseconds()
	d.bad = ""
	return nil, ui.Batch{ui.Close{}, Create{Request: req}}
}

// parseTTL reads the lease field: a duration ("10m", "90s", "1h30m") or a
// number of minutes; 0 for none (the host's); ok is false for anything
// else, or less than a second, or not whole milliseconds.
func parseTTL(s string) (time.Duration, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, true
	}
	if n, err := strconv.ParseFloat(s, 64); err == nil {
		s = strconv.FormatFloat(n, 'f', -1, 64) + "m"
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < time.Second || d%time.Millisecond != 0 {
		return 0, false
	}
	return d, true
}

// refuses says why model is not one the host offers, "" when it is (or
// the host names none, or the field is empty: the default).
func (o HostOffer) refuses(model string) string {
	switch {
	case model == "":
		return ""
	case o.Models != nil && !slices.Contains(o.Models, model):
		return "model: “" + ui.SanitizeLine(model) + "” is not one the host offers you; " + o.offered() +
			" (empty: " + ui.Or(ui.SanitizeLine(o.Default), "the host's default") + ")"
	case o.Prefix != "" && !strings.HasPrefix(model, o.Prefix):
		return "model: with your own key a model's name starts with " + ui.SanitizeLine(o.Prefix) + " (empty: " +
			ui.Or(ui.SanitizeLine(o.Default), "the host's default") + ")"
	}
	return ""
}

// offered names the models offered, for the form's words.
func (o HostOffer) offered() string {
	names := make([]string, len(o.Models))
	for i, m := range o.Models {
		names[i] = ui.SanitizeLine(m)
	}
	if len(names) == 0 {
		return "it offers none"
	}
	return "it offers " + strings.Join(names, ", ")
}
