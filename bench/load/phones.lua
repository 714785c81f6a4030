-- 400 phones for wrk (make load): each connection is one phone that asks for
-- the standings (half the time), a round or a player page, then waits about
-- 1.1 s (0.9 pages a second), with gzip like a phone's browser.
-- Arguments after "--": the event's slug, its published rounds, entry ids.
local slug, rounds, entries = "", 1, {}

init = function(args)
  slug, rounds = args[1], tonumber(args[2])
  for i = 3, #args do entries[#entries + 1] = args[i] end
  math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16) % 100000)
end

request = function()
  local r, path = math.random(), nil
  if r < 0.5 then
    path = "/t/" .. slug .. "/"
  elseif r < 0.8 then
    path = "/t/" .. slug .. "/round/" .. math.random(rounds) .. "/"
  else
    path = "/t/" .. slug .. "/player/" .. entries[math.random(#entries)] .. "/"
  end
  return wrk.format("GET", path, {["Accept-Encoding"] = "gzip"})
end

delay = function()
  return math.random(800, 1420)
end
