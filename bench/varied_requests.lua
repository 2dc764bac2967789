-- wrk script: every request asks about another object (and another epoch), so that answers
-- come from the query core and the database rather than from gpq serve's reply cache.
--   wrk ... -s bench/varied_requests.lua URL -- KIND IDS_FILE FIRST_UNIX LAST_UNIX
-- KIND: latest, history (500-set pages), nearest (random epochs) or epoch (snapshot pages
-- at random epochs). IDS_FILE: one NORAD id a line.
local kind, ids, first, last = nil, {}, 0, 0

function init(args)
  kind = args[1]
  for line in io.lines(args[2]) do
    ids[#ids + 1] = line
  end
  first, last = tonumber(args[3]), tonumber(args[4])
  -- Each wrk thread has its own Lua state: seed them apart.
  math.randomseed(os.time() + math.floor(os.clock() * 1e6) + #tostring({}))
end

request = function()
  local id = ids[math.random(#ids)]
  local epoch = "unix:" .. math.random(first, last)
  local path
  if kind == "latest" then
    path = "/api/v1/gp/" .. id
  elseif kind == "history" then
    path = "/api/v1/gp/" .. id .. "/history?per_page=500"
  elseif kind == "nearest" then
    path = "/api/v1/gp/" .. id .. "/nearest?epoch=" .. epoch
  else
    path = "/api/v1/gp/epoch?per_page=500&page=" .. math.random(1, 20) .. "&epoch=" .. epoch
  end
  return wrk.format("GET", path)
end
