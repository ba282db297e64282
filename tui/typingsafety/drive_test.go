package typingsafety

import (
	"context"
	"net/http"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/client/vehicletest"
	"github.com/sophia-labs/vehicle/tui"
	"github.com/sophia-labs/vehicle/tui/ui"
)

// The drivers: each starts the model on the rig's host and brings it to its
// state with the keys a person would press; the test's own requests, made
// from other terminals, set the scene.

// Keys the drivers press: the bindings of the default key map (the
// model's), so that a binding moved to another key moves here too.
var (
	keys     = ui.DefaultKeyMap()
	keyEnter = tea.KeyPressMsg{Code: tea.KeyEnter}
	keyEsc   = tea.KeyPressMsg{Code: tea.KeyEscape}
	keyTab   = tea.KeyPressMsg{Code: tea.KeyTab}
	keyDown  = tea.KeyPressMsg{Code: tea.KeyDown}
)

// press presses the first key of a binding.
func (r *rig) press(b key.Binding) {
	r.t.Helper()
	k, ok := namedKey(b.Keys()[0])
	if !ok {
		r.t.Fatalf("the harness cannot press %q (the binding %q)", b.Keys()[0], b.Help().Desc)
	}
	r.send(k)
}

// typed types text rune by rune.
func (r *rig) typed(text string) {
	for _, c := range text {
		r.send(tea.KeyPressMsg{Code: c, Text: string(c)})
	}
}

// created makes a session of the person's (ada), titled title, held by
// client clientID (myClient: this terminal), and returns its id.
func (r *rig) created(clientID, title string) string {
	r.t.Helper()
	cr, err := r.person("ada-token", clientID).Create(context.Background(), client.CreateRequest{Title: title})
	if err != nil {
		r.t.Fatal(err)
	}
	return cr.Session.SessionID
}

// prompted is a session of the person's, driven by this terminal, in which
// text was sent and answered.
func (r *rig) prompted(title, text string) string {
	r.t.Helper()
	id := r.created(myClient, title)
	if _, err := r.person("ada-token", myClient).Prompt(context.Background(), id, text); err != nil {
		r.t.Fatal(err)
	}
	return id
}

// open starts the model on session id, which this terminal drives.
func (r *rig) open(id string, sees ...string) {
	r.t.Helper()
	r.start(func(c *tui.Config) { c.SessionID = id })
	r.see(append([]string{"● you drive from this terminal", "● live"}, sees...)...)
}

// focusOn moves the focus with tab until f has it.
func (r *rig) focusOn(f string) {
	r.t.Helper()
	for i := 0; i < 5 && r.view().Focus != f; i++ {
		r.send(keyTab)
	}
	r.until("the focus on "+f, func(v tui.HarnessView) bool { return v.Focus == f })
}

// sent waits until the session's last send is answered.
func (r *rig) sent(what string) {
	r.t.Helper()
	r.see(what)
	r.settle(true)
}

// composer: the person's own session, the composer's.
func (r *rig) composer() { r.open(r.created(myClient, "Fence repairs")) }

// runUnderWay: a run under way (it holds), the composer's.
func (r *rig) runUnderWay() {
	r.composer()
	r.typed("hold on #hold")
	r.send(keyEnter)
	r.sent("running")
}

// room: a chime from Bo waits in the room pane, which has the focus.
func (r *rig) room() {
	id := r.created(myClient, "Fence repairs")
	if _, err := r.person("bo-token", "cli-bo").Chime(context.Background(), id, "Try the archive."); err != nil {
		r.t.Fatal(err)
	}
	r.open(id, "Try the archive.")
	r.focusOn("focusRoom")
}

// queue: a follow-up queued behind a run that holds, the queue lane's.
func (r *rig) queue() {
	r.runUnderWay()
	r.typed("keep this one")
	r.send(keyEnter)
	r.sent("1 queued")
	r.focusOn("focusQueue")
}

// entries: a conversation's entries pane.
func (r *rig) entries() {
	r.open(r.prompted("Fence repairs", "what is a lease? #tool"), "I found 3 documents", "idle")
	r.focusOn("focusEntries")
}

// search: the search bar, typing a query.
func (r *rig) search() {
	r.open(r.prompted("Fence repairs", "what is a lease? #tool"), "I found 3 documents", "idle")
	r.press(keys.Search)
}

// watching: the person chose to watch their session that another terminal
// of theirs drives.
func (r *rig) watching() {
	r.offer()
	r.send(keyEsc)
	r.see("your other terminal drives")
}

// readOnly: the person watches their session read-only (--watch).
func (r *rig) readOnly() {
	id := r.created(myClient, "Fence repairs")
	r.start(func(c *tui.Config) { c.SessionID, c.Watch = id, true })
	r.see("Fence repairs")
}

// visit: Bo chimes into Ada's session.
func (r *rig) visit() {
	id := r.created("cli-ada", "Ada's")
	r.token, r.clientID = "bo-token", "cli-bo"
	r.start(func(c *tui.Config) { c.SessionID, c.Chime = id, true })
	r.see("chiming into " + id)
}

// gone: the person's open session was deleted from another terminal.
func (r *rig) gone() {
	id := r.created(myClient, "Fence repairs")
	r.open(id)
	if _, err := r.person("ada-token", "cli-other").Delete(context.Background(), id); err != nil {
		r.t.Fatal(err)
	}
	r.see("gone")
}

// picker: the session picker, listing the person's sessions.
func (r *rig) picker() {
	r.created(myClient, "Fence repairs")
	r.created(myClient, "Garden plan")
	r.start(nil)
	r.see("Fence repairs", "Garden plan")
}

// pickerLoading: the picker before its listing is answered: the answer
// waits, unread, until the keys are typed.
func (r *rig) pickerLoading() {
	r.created(myClient, "Fence repairs")
	r.start(nil)
	r.held = true
}

// pickerEmpty: the picker of a person with no session.
func (r *rig) pickerEmpty() {
	r.start(nil)
	r.see("No sessions yet")
}

// isList picks the picker's listings.
func isList(q *http.Request) bool {
	return q.Method == http.MethodGet && strings.HasSuffix(q.URL.Path, "/sessions")
}

// pickerFailed: the listing failed (the host is down for it).
func (r *rig) pickerFailed() {
	r.created(myClient, "Fence repairs")
	r.gate.set(isList, nil)
	r.start(nil)
	r.see("listing failed")
}

// pickerRecovered: the listing failed, then came back by itself (a poll)
// a moment ago.
func (r *rig) pickerRecovered() {
	r.created(myClient, "Fence repairs")
	r.gate.set(isList, nil)
	r.start(func(c *tui.Config) { c.PollEvery = 20 * time.Millisecond })
	r.see("listing failed")
	r.gate.set(nil, nil)
	r.until("the listing back", func(v tui.HarnessView) bool { return v.Mode == "recovered" })
}

// pickerFiltered: the picker's filter holds a word.
func (r *rig) pickerFiltered() {
	r.picker()
	r.typed("fen")
	r.until("the filter", func(v tui.HarnessView) bool { return v.Mode == "filtered" })
}

// pickerMarked: a session is marked to open with others.
func (r *rig) pickerMarked() {
	r.picker()
	r.press(keys.Mark)
	r.see("1 marked")
}

// recent keeps the sessions open last.
type recent []string

func (r recent) Load() ([]string, error) { return r, nil }
func (r recent) Save([]string) error     { return nil }

// pickerLastWall: the picker offers the wall open last, marked.
func (r *rig) pickerLastWall() {
	a, b := r.created(myClient, "Fence repairs"), r.created(myClient, "Garden plan")
	r.start(func(c *tui.Config) { c.Recent = recent{a, b} })
	r.see("your last wall")
}

// offer: the person opens their session that another terminal of theirs
// drives: the program asks "Take over or watch?" by itself.
func (r *rig) offer() {
	id := r.created("cli-other", "Fence repairs")
	r.start(func(c *tui.Config) { c.SessionID = id })
	r.see("Take over or watch?")
}

// help: the help, over the composer.
func (r *rig) help() {
	r.composer()
	r.press(keys.Help)
}

// errors: the last errors, whole (f3), over the composer.
func (r *rig) errors() {
	r.composer()
	r.press(keys.Errors)
}

// createRefused: Bo (an editor) starts an agent session, which only an
// owner may: the program explains the refusal in a dialog by itself.
func (r *rig) createRefused() {
	r.token, r.clientID = "bo-token", "cli-bo"
	r.start(func(c *tui.Config) { c.New, c.NewSession = true, client.CreateRequest{Profile: client.ProfileAgent} })
	r.see("The session was not created")
}

// reading: Bo's chime, read whole from the room pane.
func (r *rig) reading() {
	r.room()
	r.press(keys.Expand)
	r.send(keyEnter)
	r.see("Chime from")
}

// info: the session's info (f4).
func (r *rig) info() {
	r.composer()
	r.press(keys.Info)
}

// keyAsked: the model key dialog, opened by its key.
func (r *rig) keyAsked() {
	r.composer()
	r.press(keys.ModelKey)
}

// keyRefused: Dee, out of credit, sends a text; the host refuses it and
// the program opens the model key dialog by itself.
func (r *rig) keyRefused() {
	dee := vehicletest.Person{Token: "dee-token", Principal: "cognito:dee", Name: "Dee",
		Kind: client.AccountAccount, Email: "dee@example.com", EmailVerified: true}
	r.serve(vehicletest.WithPublicGraphs("demo"), vehicletest.WithPeople(dee))
	r.token, r.clientID = "dee-token", "cli-dee"
	cr, err := r.person("dee-token", "cli-dee").Create(context.Background(), client.CreateRequest{Title: "Credit"})
	if err != nil {
		r.t.Fatal(err)
	}
	r.srv.SpendCredit("cognito:dee", 0.5001)
	r.open(cr.Session.SessionID)
	r.typed("first question")
	r.send(keyEnter)
	r.see("no credit left")
}

// palette: the command palette.
func (r *rig) palette() {
	r.composer()
	r.press(keys.Palette)
}

// rename: renaming a session from the picker.
func (r *rig) rename() {
	r.picker()
	r.press(keys.Rename)
}

// deleteAsked: deleting a session from the picker, asked to confirm.
func (r *rig) deleteAsked() {
	r.picker()
	r.press(keys.Delete)
}

// deleted: what a delete did, over the picker.
func (r *rig) deleted() {
	r.deleteAsked()
	r.send(keyDown, keyEnter)
	r.see("moved to the host's trash")
}

// notACommand: a slash word that names no command, sent: the program asks.
func (r *rig) notACommand() {
	r.composer()
	r.typed("/exti")
	r.send(keyEnter)
}

// runAborted: esc aborts a run with a follow-up queued behind it: the
// program asks whether it still goes.
func (r *rig) runAborted() {
	r.queue()
	r.focusOn("focusSession")
	r.send(keyEsc)
	r.see("Run aborted")
}

// notAnswered: the person quits while a text they sent has no answer (the
// host never answers it): the program asks.
func (r *rig) notAnswered() {
	r.gate.set(nil, func(q *http.Request) bool { return strings.HasSuffix(q.URL.Path, "/prompt") })
	r.composer()
	r.typed("anyone there?")
	r.send(keyEnter)
	r.see("sending")
	r.press(keys.Quit)
	r.press(keys.Quit)
	r.see("Not answered yet")
	r.held = true
}

// codeChooser: a reply with two code blocks, b in the entries pane.
func (r *rig) codeChooser() {
	r.open(r.prompted("Fence repairs", "show me #code"), "idle")
	r.focusOn("focusEntries")
	r.press(keys.CopyCode)
	r.send(keyEnter)
	r.see("Copy a code block")
}

// newSession: the new session dialog, from the picker.
func (r *rig) newSession() {
	r.picker()
	r.press(keys.New)
}

// wall: four sessions of the person's as a wall of tiles, the focus on
// tile n (1 is the first).
func (r *rig) wall(n int) {
	var ids []string
	for i := range tui.MaxTiles() {
		ids = append(ids, r.created(myClient, "Tile "+string(rune('A'+i))))
	}
	r.start(func(c *tui.Config) { c.SessionID, c.SessionIDs = ids[0], ids })
	r.until("the wall", func(v tui.HarnessView) bool { return v.Tiles == len(ids) })
	r.see("Tile D")
	r.settle(true)
	for range n - 1 {
		r.press(keys.TileRight)
	}
}

// Drivers of the wall's tiles and its zoom.
func (r *rig) tile1() { r.wall(1) }
func (r *rig) tile2() { r.wall(2) }
func (r *rig) tile3() { r.wall(3) }
func (r *rig) tile4() { r.wall(4) }
func (r *rig) zoomed() {
	r.wall(2)
	r.press(keys.Zoom)
}

// askWatch: the palette's Watch, which asks for the id of a session.
func (r *rig) askWatch() {
	r.composer()
	r.press(keys.Palette)
	r.typed("watch")
	r.send(keyEnter)
	r.see("Watch a session")
}

// notWatchable: /watch names a session the host does not show this
// person: the program says so and offers what works.
func (r *rig) notWatchable() {
	r.composer()
	r.typed("/watch s999")
	r.send(keyEnter)
	r.see("No session to watch")
}
