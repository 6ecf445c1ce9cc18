-- Taking an expensive request's place in one statement: the lock on the user, the count of the
-- places held and the new place, all in the statement's own transaction. Each statement of a
-- volatile function takes a fresh snapshot, so the count after the lock sees every place taken
-- before it. Answers the new place's id, or null when the user holds `per_user` already.
CREATE FUNCTION take_work_place(p_user integer, p_per_user integer, p_ttl_seconds integer, p_lock_class integer)
RETURNS bigint
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  held integer;
  place bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(p_lock_class, p_user);
  SELECT count(*) INTO held FROM work_places WHERE user_id = p_user AND expires_at > now();
  IF held >= p_per_user THEN
    RETURN NULL;
  END IF;
  INSERT INTO work_places (user_id, expires_at)
    VALUES (p_user, now() + make_interval(secs => p_ttl_seconds))
    RETURNING id INTO place;
  RETURN place;
END
$$;
